# Run at every build (not only at configure time), so that result rows name the commit the
# binary was built from and whether the tree had uncommitted changes. The header is rewritten
# only when it changes, so an unchanged tree rebuilds nothing.
execute_process(COMMAND git rev-parse --short=12 HEAD WORKING_DIRECTORY "${SRC}"
  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR commit STREQUAL "")
  set(commit "unknown")
  set(dirty 0)
else()
  execute_process(COMMAND git status --porcelain --untracked-files=no WORKING_DIRECTORY "${SRC}"
    OUTPUT_VARIABLE changes OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(changes STREQUAL "")
    set(dirty 0)
  else()
    set(dirty 1)
  endif()
endif()
file(WRITE "${OUT}.tmp" "#define BS_GIT_COMMIT \"${commit}\"\n#define BS_GIT_DIRTY ${dirty}\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
