// vsm_embed: assembles a .vsm at build time and writes a .cpp that defines one function returning the program
// (code bytes and label table), so a program ships inside the binary and a bad source fails the build.
// Usage: gcvu_vsm_embed <in.vsm> <out.cpp> <header to include> <qualified function name>
// Exit code 2 with "file:line:col: message" on an assembly error.

#include <cstdio>
#include <exception>
#include <fstream>
#include <sstream>
#include <string>

#include "microcode/assembler/assembler.hpp"

namespace {

std::string generated_source(const gcvu::microcode::Program& program, const std::string& vsm,
                             const std::string& header, const std::string& function) {
  std::ostringstream out;
  out << "// Generated at build time by microcode/tools/vsm_embed.cpp from " << vsm << "; edit that, not this.\n\n"
      << "#include \"" << header << "\"\n\n"
      << "const gcvu::microcode::Program& " << function << "() {\n"
      << "  static const gcvu::microcode::Program kProgram = [] {\n"
      << "    gcvu::microcode::Program program;\n"
      << "    program.code = {";
  for (size_t i = 0; i < program.code.size(); ++i) {
    if (i % 16 == 0) out << "\n        ";
    out << static_cast<unsigned>(program.code[i]) << ",";
  }
  out << "\n    };\n";
  for (const auto& [label, address] : program.labels)
    out << "    program.labels[\"" << label << "\"] = " << address << "u;\n";
  out << "    return program;\n  }();\n  return kProgram;\n}\n";
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s <in.vsm> <out.cpp> <header> <function>\n", argv[0]);
    return 2;
  }
  try {
    const gcvu::microcode::Program program = gcvu::microcode::assemble_file(argv[1]);
    const std::string text = generated_source(program, argv[1], argv[3], argv[4]);
    std::ofstream file(argv[2], std::ios::binary | std::ios::trunc);
    file << text;
    if (!file) {
      std::fprintf(stderr, "%s: cannot write\n", argv[2]);
      return 2;
    }
  } catch (const std::exception& error) {
    std::fprintf(stderr, "%s\n", error.what());
    return 2;
  }
  return 0;
}
