# Run by the layering tests (cmake -P, see CMakeLists.txt): builds the probe target TARGET in BUILD_DIR and
# succeeds only when the build fails and the compiler's first error contains EXPECT. Prints the build output.
foreach(var BUILD_DIR TARGET EXPECT)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "expect_compile_error.cmake: ${var} is not set")
    endif()
endforeach()
set(config_args)
if(CONFIG)
    set(config_args --config ${CONFIG})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} --target ${TARGET} ${config_args}
                RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
message("${output}")
if(result EQUAL 0)
    message(FATAL_ERROR "${TARGET} compiled: the layering guard did not stop it")
endif()
# GCC and Clang: "file:line:col: error: ..." or "... fatal error: ..."; MSVC: "file(line): fatal error C1189: ...".
# (The echoed command line holds -Werror, never ": error".)
string(REGEX MATCH "[^\n]*(: (fatal )?error:|: (fatal )?error C[0-9]+:)[^\n]*" first "${output}")
if(first STREQUAL "")
    message(FATAL_ERROR "${TARGET} failed to build without a compiler error (exit status ${result})")
endif()
string(FIND "${first}" "${EXPECT}" at)
if(at EQUAL -1)
    message(FATAL_ERROR "${TARGET} failed for another reason than the layering guard.\n"
                        "Expected the first error to contain: ${EXPECT}\nFirst error: ${first}")
endif()
message("${TARGET} stopped at the layering guard: ${first}")
