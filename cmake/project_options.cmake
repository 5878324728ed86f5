# Warnings and sanitizers for project code, gathered in one interface target.
add_library(gcvu_options INTERFACE)
target_compile_options(gcvu_options INTERFACE -Wall -Wextra -Wpedantic -Werror)
target_include_directories(gcvu_options INTERFACE ${PROJECT_SOURCE_DIR})
# Where the shared reference material lives (../shared beside the repository root), for the few files that need it:
# only they carry the absolute paths, so every other object is the same in any checkout (ccache hits across
# worktrees and fresh clones).
function(gcvu_source_paths)
  set_source_files_properties(${ARGV} PROPERTIES COMPILE_DEFINITIONS
    "GCVU_SOURCE_DIR=\"${PROJECT_SOURCE_DIR}\";GCVU_SHARED_DIR=\"${PROJECT_SOURCE_DIR}/../shared\"")
endfunction()
if(GCVU_SANITIZE)
  target_compile_options(gcvu_options INTERFACE
    -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(gcvu_options INTERFACE -fsanitize=address,undefined -fno-sanitize-recover=all)
endif()
if(GCVU_SANITIZE_THREAD)
  if(GCVU_SANITIZE OR GCVU_FUZZ)
    message(FATAL_ERROR "ThreadSanitizer cannot be combined with AddressSanitizer or the fuzz build")
  endif()
  target_compile_options(gcvu_options INTERFACE -fsanitize=thread -fno-omit-frame-pointer)
  target_link_options(gcvu_options INTERFACE -fsanitize=thread)
endif()
if(GCVU_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "GCVU_FUZZ needs clang (libFuzzer); use the 'asan' preset")
  endif()
  target_compile_options(gcvu_options INTERFACE
    -fsanitize=${GCVU_FUZZ_SANITIZERS} -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(gcvu_options INTERFACE -fsanitize=${GCVU_FUZZ_SANITIZERS} -fno-sanitize-recover=all)
endif()
# gcvu_fuzz_coverage(TARGET): with GCVU_FUZZ, TARGET's own sources get the coverage instrumentation libFuzzer steers
# by. Only the libraries and the fuzz targets take it: no fuzzer runs the test suite's or the CLI's own code, and
# instrumenting the test files made them about a quarter slower to compile under the sanitizers.
function(gcvu_fuzz_coverage target)
  if(GCVU_FUZZ)
    target_compile_options(${target} PRIVATE -fsanitize=fuzzer-no-link)
  endif()
endfunction()

# gcvu_add_library(NAME DIR [DEPENDS targets...]): a static library of every .cpp below DIR except those in tools/
# folders, which hold build-time programs (an interface library while the folder has no sources yet).
function(gcvu_add_library name dir)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "DEPENDS")
  # Relative to DIR, so the filter sees only the folders below it (not a "tools" folder the checkout lives in).
  file(GLOB_RECURSE relative_sources CONFIGURE_DEPENDS RELATIVE ${dir} ${dir}/*.cpp)
  list(FILTER relative_sources EXCLUDE REGEX "^(.*/)?tools/")
  list(TRANSFORM relative_sources PREPEND "${dir}/" OUTPUT_VARIABLE sources)
  if(sources)
    add_library(${name} STATIC ${sources})
    target_link_libraries(${name} PUBLIC gcvu_options ${arg_DEPENDS})
    gcvu_fuzz_coverage(${name})
  else()
    add_library(${name} INTERFACE)
    target_link_libraries(${name} INTERFACE gcvu_options ${arg_DEPENDS})
  endif()
endfunction()
