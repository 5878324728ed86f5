# Debian 12 packages only (see scripts/setup.sh for the package names).
find_package(PkgConfig REQUIRED)
find_package(Boost 1.74 REQUIRED COMPONENTS program_options)
find_package(PNG REQUIRED)
find_package(ZLIB REQUIRED)
find_package(LibLZMA REQUIRED)
find_package(nlohmann_json 3.11 REQUIRED)
# libzip via pkg-config: Debian 12's CMake config for it requires the separate libzip-tools binaries.
pkg_check_modules(LIBZIP REQUIRED IMPORTED_TARGET libzip)
find_package(fmt 9 REQUIRED)
pkg_check_modules(XXHASH REQUIRED IMPORTED_TARGET libxxhash)
pkg_check_modules(ZSTD REQUIRED IMPORTED_TARGET libzstd)
# GNU readline: the `gcvu debug` prompt's line editing, history and completion.
pkg_check_modules(READLINE REQUIRED IMPORTED_TARGET readline)
# xbyak (header only): the x86-64 assembler of VU1's JIT engine (emu/vu/jit).
find_path(XBYAK_INCLUDE_DIR xbyak/xbyak.h REQUIRED)
if(GCVU_BUILD_TESTS)
  find_package(GTest REQUIRED)
  include(GoogleTest)
endif()
if(GCVU_BUILD_BENCH)
  find_package(benchmark REQUIRED)
endif()
