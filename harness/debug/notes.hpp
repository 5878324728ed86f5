#pragma once
// Notes on instructions (`note ADDR text`), kept in a side file next to the program so they come back in the next
// session, as vutrace's comments do. The file is text, one note per line: the pair's byte address in hex, a space,
// the note. An empty text removes the note.

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

namespace gcvu::harness::debug {

class Notes {
 public:
  // Reads `file` if it exists (an empty path keeps notes for the session only). Throws formats::FormatError naming
  // the file and line when a line is not "ADDRESS TEXT".
  explicit Notes(std::filesystem::path file);
  const std::map<uint32_t, std::string>& all() const { return notes_; }
  // Sets (or with empty text removes) the note at `address` and rewrites the file. Throws on a write error.
  void set(uint32_t address, const std::string& text);
  const std::filesystem::path& file() const { return file_; }

 private:
  std::filesystem::path file_;
  std::map<uint32_t, std::string> notes_;
};

}  // namespace gcvu::harness::debug
