#pragma once

#include <cctype>
#include <string>

namespace gcvu::harness::debug {

// Debugger input is matched without regard to case (register, unit and command names are ASCII).
inline std::string ascii_lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

inline std::string ascii_upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

}  // namespace gcvu::harness::debug
