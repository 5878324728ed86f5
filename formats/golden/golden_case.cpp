#include "formats/golden/golden_case.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "formats/core/format_error.hpp"

namespace gcvu::formats {

namespace {

using json = nlohmann::ordered_json;

[[noreturn]] void fail(const std::string& source, const std::string& rule) { throw FormatError(source, 0, rule); }

bool is_hash(const std::string& text) {
  if (text.size() != 32) return false;
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

bool is_commit(const std::string& text) {
  if (text.size() < 7 || text.size() > 40) return false;
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

void check_keys(const json& object, std::initializer_list<const char*> allowed, const std::string& source,
                const std::string& where) {
  for (const auto& item : object.items()) {
    bool known = false;
    for (const char* key : allowed) known = known || item.key() == key;
    if (!known) fail(source, fmt::format("{}: unknown key \"{}\"", where, item.key()));
  }
}

// Builds the document as nlohmann's own parser does, but records where parsing failed instead of throwing: a syntax
// error and a number too large for a double (which the library reports with no offset) both name their byte.
class PositionedParser : public nlohmann::detail::json_sax_dom_parser<json> {
 public:
  explicit PositionedParser(json& root) : json_sax_dom_parser(root, false) {}

  template <class Exception>
  bool parse_error(std::size_t chars_read, const std::string& /*token*/, const Exception& error) {
    error_offset = chars_read > 0 ? chars_read - 1 : 0;
    error_text = error.what();
    return false;
  }

  size_t error_offset = 0;
  std::string error_text;
};

template <typename T>
T get(const json& object, const char* key, const std::string& source, const std::string& where) {
  auto it = object.find(key);
  if (it == object.end()) fail(source, fmt::format("{}: missing required key \"{}\"", where, key));
  try {
    return it->get<T>();
  } catch (const json::exception&) {
    fail(source, fmt::format("{}: \"{}\" has the wrong type", where, key));
  }
}

// A process's exit status is 0..255. Checked before conversion: the JSON library converts a float or an integer
// outside int's range to int without a check (undefined behaviour; found by the golden_case fuzz target).
int exit_code(const json& root, const std::string& source) {
  const json& value = root.at("exit_code");
  // An unsigned value past INT64_MAX reads as negative through get<int64_t>, so one signed test covers both kinds.
  if (!value.is_number_integer() || value.get<int64_t>() < 0 || value.get<int64_t>() > 255) {
    fail(source, "case: \"exit_code\" must be an integer from 0 to 255");
  }
  return static_cast<int>(value.get<int64_t>());
}

std::vector<GoldenFile> parse_files(const json& root, const char* key, const std::string& source) {
  std::vector<GoldenFile> files;
  auto it = root.find(key);
  if (it == root.end()) return files;
  if (!it->is_array()) fail(source, fmt::format("\"{}\" must be an array", key));
  for (size_t i = 0; i < it->size(); ++i) {
    const json& item = (*it)[i];
    std::string where = fmt::format("{}[{}]", key, i);
    if (!item.is_object()) fail(source, where + ": must be an object");
    check_keys(item, {"file", "xxh3_128", "hash_of"}, source, where);
    GoldenFile file;
    file.file = get<std::string>(item, "file", source, where);
    file.xxh3_128 = get<std::string>(item, "xxh3_128", source, where);
    if (!is_hash(file.xxh3_128)) fail(source, where + ": xxh3_128 must be 32 lower-case hex digits");
    if (file.file.empty() || file.file.find("..") != std::string::npos || file.file.front() == '/') {
      fail(source, where + ": file must be a relative path inside its folder");
    }
    std::string hash_of = item.contains("hash_of") ? get<std::string>(item, "hash_of", source, where) : "bytes";
    if (hash_of == "bytes") {
      file.hash_of = HashOf::kBytes;
    } else if (hash_of == "pixels") {
      file.hash_of = HashOf::kPixels;
    } else {
      fail(source, where + ": hash_of must be \"bytes\" or \"pixels\"");
    }
    files.push_back(std::move(file));
  }
  return files;
}

json files_to_json(const std::vector<GoldenFile>& files) {
  json array = json::array();
  for (const GoldenFile& file : files) {
    array.push_back({{"file", file.file},
                     {"xxh3_128", file.xxh3_128},
                     {"hash_of", file.hash_of == HashOf::kPixels ? "pixels" : "bytes"}});
  }
  return array;
}

}  // namespace

std::string provenance_text(const GoldenCase& golden) {
  switch (golden.provenance) {
    case Provenance::kHardware: return "hardware";
    case Provenance::kPcsx2Software: return "pcsx2-sw@" + golden.pcsx2_commit;
    case Provenance::kHandWorked: return "hand-worked";
    case Provenance::kRegressionBaseline: return "regression-baseline";
  }
  return "?";
}

GoldenCase parse_golden_case(std::span<const uint8_t> bytes, const std::string& source,
                             const std::string& default_name) {
  json root;
  PositionedParser parser(root);
  if (!json::sax_parse(bytes.begin(), bytes.end(), &parser)) {
    throw FormatError(source, parser.error_offset, fmt::format("invalid JSON: {}", parser.error_text));
  }
  if (!root.is_object()) fail(source, "the manifest must be a JSON object");
  check_keys(root,
             {"name", "description", "provenance", "provenance_note", "command", "exit_code", "inputs", "outputs",
              "stdout_contains"},
             source, "case");
  GoldenCase golden;
  golden.name = root.contains("name") ? get<std::string>(root, "name", source, "case") : default_name;
  golden.description = get<std::string>(root, "description", source, "case");
  std::string provenance = get<std::string>(root, "provenance", source, "case");
  if (provenance == "hardware") {
    golden.provenance = Provenance::kHardware;
  } else if (provenance == "hand-worked") {
    golden.provenance = Provenance::kHandWorked;
  } else if (provenance == "regression-baseline") {
    golden.provenance = Provenance::kRegressionBaseline;
  } else if (provenance.rfind("pcsx2-sw@", 0) == 0 && is_commit(provenance.substr(9))) {
    golden.provenance = Provenance::kPcsx2Software;
    golden.pcsx2_commit = provenance.substr(9);
  } else {
    fail(source, fmt::format("provenance \"{}\" is not hardware, pcsx2-sw@<commit>, hand-worked or "
                             "regression-baseline",
                             provenance));
  }
  if (root.contains("provenance_note"))
    golden.provenance_note = get<std::string>(root, "provenance_note", source, "case");
  golden.command = get<std::vector<std::string>>(root, "command", source, "case");
  if (golden.command.empty()) fail(source, "command must name a gcvu command");
  golden.exit_code = root.contains("exit_code") ? exit_code(root, source) : 0;
  golden.inputs = parse_files(root, "inputs", source);
  golden.outputs = parse_files(root, "outputs", source);
  if (root.contains("stdout_contains")) {
    golden.stdout_contains = get<std::vector<std::string>>(root, "stdout_contains", source, "case");
  }
  if (golden.outputs.empty() && golden.stdout_contains.empty()) {
    fail(source, "a case must check at least one output file or stdout_contains line");
  }
  return golden;
}

std::string write_golden_case(const GoldenCase& golden) {
  json root = json::object();
  root["name"] = golden.name;
  root["description"] = golden.description;
  root["provenance"] = provenance_text(golden);
  if (!golden.provenance_note.empty()) root["provenance_note"] = golden.provenance_note;
  root["command"] = golden.command;
  root["exit_code"] = golden.exit_code;
  if (!golden.inputs.empty()) root["inputs"] = files_to_json(golden.inputs);
  if (!golden.outputs.empty()) root["outputs"] = files_to_json(golden.outputs);
  if (!golden.stdout_contains.empty()) root["stdout_contains"] = golden.stdout_contains;
  return root.dump(2) + "\n";
}

}  // namespace gcvu::formats
