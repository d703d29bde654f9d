; Extra NSIS install commands (CPACK_NSIS_EXTRA_INSTALL_COMMANDS), read by packaging/CMakeLists.txt.
; IDX files get a ProgID that the extensions list under OpenWithProgids: idxscope is offered in "Open with" and
; can be chosen as the default, without taking over .idx, which other programs (VobSub subtitles) use as well.
; Extensionless MNIST names (train-images-idx3-ubyte) cannot be associated on Windows: Explorer keys on extensions.
; SHCTX follows SetShellVarContext: HKLM for an all-users install, HKCU for a per-user one.
WriteRegStr SHCTX "Software\Classes\IdxScope.IdxFile" "" "IDX tensor file"
WriteRegStr SHCTX "Software\Classes\IdxScope.IdxFile" "FriendlyTypeName" "IDX tensor file"
WriteRegStr SHCTX "Software\Classes\IdxScope.IdxFile\DefaultIcon" "" "$INSTDIR\bin\idxscope.exe,0"
WriteRegStr SHCTX "Software\Classes\IdxScope.IdxFile\shell\open\command" "" '"$INSTDIR\bin\idxscope.exe" "%1"'
WriteRegStr SHCTX "Software\Classes\.idx\OpenWithProgids" "IdxScope.IdxFile" ""
WriteRegStr SHCTX "Software\Classes\.idx1-ubyte\OpenWithProgids" "IdxScope.IdxFile" ""
WriteRegStr SHCTX "Software\Classes\.idx2-ubyte\OpenWithProgids" "IdxScope.IdxFile" ""
WriteRegStr SHCTX "Software\Classes\.idx3-ubyte\OpenWithProgids" "IdxScope.IdxFile" ""
WriteRegStr SHCTX "Software\Classes\.idx4-ubyte\OpenWithProgids" "IdxScope.IdxFile" ""
; The application itself, for "Open with > Choose another app" and for files of other types dropped on it.
WriteRegStr SHCTX "Software\Classes\Applications\idxscope.exe" "FriendlyAppName" "IdxScope"
WriteRegStr SHCTX "Software\Classes\Applications\idxscope.exe\shell\open\command" "" '"$INSTDIR\bin\idxscope.exe" "%1"'
WriteRegStr SHCTX "Software\Classes\Applications\idxscope.exe\SupportedTypes" ".idx" ""
WriteRegStr SHCTX "Software\Classes\Applications\idxscope.exe\SupportedTypes" ".idx1-ubyte" ""
WriteRegStr SHCTX "Software\Classes\Applications\idxscope.exe\SupportedTypes" ".idx2-ubyte" ""
WriteRegStr SHCTX "Software\Classes\Applications\idxscope.exe\SupportedTypes" ".idx3-ubyte" ""
WriteRegStr SHCTX "Software\Classes\Applications\idxscope.exe\SupportedTypes" ".idx4-ubyte" ""
; Default Programs / Settings > Default apps.
WriteRegStr SHCTX "Software\IdxScope\Capabilities" "ApplicationName" "IdxScope"
WriteRegStr SHCTX "Software\IdxScope\Capabilities" "ApplicationDescription" "Inspect IDX tensor files such as MNIST"
WriteRegStr SHCTX "Software\IdxScope\Capabilities" "ApplicationIcon" "$INSTDIR\bin\idxscope.exe,0"
WriteRegStr SHCTX "Software\IdxScope\Capabilities\FileAssociations" ".idx" "IdxScope.IdxFile"
WriteRegStr SHCTX "Software\IdxScope\Capabilities\FileAssociations" ".idx1-ubyte" "IdxScope.IdxFile"
WriteRegStr SHCTX "Software\IdxScope\Capabilities\FileAssociations" ".idx2-ubyte" "IdxScope.IdxFile"
WriteRegStr SHCTX "Software\IdxScope\Capabilities\FileAssociations" ".idx3-ubyte" "IdxScope.IdxFile"
WriteRegStr SHCTX "Software\IdxScope\Capabilities\FileAssociations" ".idx4-ubyte" "IdxScope.IdxFile"
WriteRegStr SHCTX "Software\RegisteredApplications" "IdxScope" "Software\IdxScope\Capabilities"
; SHChangeNotify(SHCNE_ASSOCCHANGED, SHCNF_IDLIST, NULL, NULL): Explorer rereads the associations and icons.
System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
