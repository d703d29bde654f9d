# Writes a program's manual page with help2man, gzipped as Debian wants it (cmake -P, at build time):
#   -DHELP2MAN=… -DPROGRAM=<path> -DNAME=<what it is> -DVERSION=… -DOUT=<page.1.gz> [-DCOMMANDS=ON] [-DSEE_ALSO=…]
# With COMMANDS, every command the program's --help lists gets a section of its own with its --help, so the page
# covers every command, option and exit status. The program runs as its bare name (PATH points at it), so that
# its usage lines read "idxscope-cli …", not a build path.
cmake_minimum_required(VERSION 3.22)
get_filename_component(dir "${PROGRAM}" DIRECTORY)
get_filename_component(name "${PROGRAM}" NAME)
set(ENV{PATH} "${dir}:$ENV{PATH}")
set(ENV{QT_QPA_PLATFORM} offscreen) # the GUI parses its options inside a QApplication
set(ENV{LC_ALL} C) # the pages are English, and the headings below are looked for in English
set(ENV{LANGUAGE} "")
get_filename_component(out_dir "${OUT}" DIRECTORY)
string(REGEX REPLACE "\\.gz$" "" page "${OUT}")
set(include "${page}.h2m")

# roff inside .nf/.fi: backslashes escaped, a leading dot or quote made literal, and a leading [ or / too (help2man
# reads "[x]" lines of an include file as section names and "/x/" as patterns).
function(roff_literal text result)
    string(REPLACE "\\" "\\e" text "${text}")
    string(REGEX REPLACE "(^|\n)([.'[/])" "\\1\\\\&\\2" text "${text}")
    set(${result} "${text}" PARENT_SCOPE)
endfunction()

set(extra "")
if(COMMANDS)
    execute_process(COMMAND ${name} --help OUTPUT_VARIABLE top RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "${name} --help failed (${rc})")
    endif()
    string(REGEX MATCH "Commands:\n(  [^\n]*\n)+" block "${top}")
    string(REGEX MATCHALL "\n  [a-z][a-z0-9-]*" names "${block}")
    if(NOT names)
        message(FATAL_ERROR "no commands found in ${name} --help")
    endif()
    string(APPEND extra "[COMMANDS IN DETAIL]\n")
    foreach(entry IN LISTS names)
        string(STRIP "${entry}" command)
        execute_process(COMMAND ${name} ${command} --help OUTPUT_VARIABLE text RESULT_VARIABLE rc)
        if(NOT rc EQUAL 0)
            message(FATAL_ERROR "${name} ${command} --help failed (${rc})")
        endif()
        roff_literal("${text}" text)
        string(APPEND extra ".SS ${command}\n.nf\n${text}.fi\n")
    endforeach()
    string(APPEND extra "[EXIT STATUS]\n"
        "0 success; 1 a file could not be read or is not valid IDX; 2 bad usage.\n"
        ".B diff\nfollows cmp(1) and diff(1): 0 the files are equal, 1 they differ, 2 trouble.\n")
endif()
if(SEE_ALSO)
    string(APPEND extra "[SEE ALSO]\n${SEE_ALSO}\n")
endif()
file(WRITE "${include}" "${extra}")

execute_process(
    COMMAND ${HELP2MAN} --no-info --section=1 "--name=${NAME}" "--version-string=${VERSION}"
            "--include=${include}" "--output=${page}" ${name}
    RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "help2man failed for ${name} (${rc})")
endif()
execute_process(COMMAND gzip -9nf "${page}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip failed for ${page}")
endif()
