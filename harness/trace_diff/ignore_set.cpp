#include "harness/trace_diff/ignore_set.hpp"

#include <charconv>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "harness/cli/options.hpp"

namespace gcvu::harness {

namespace {

// "vf07" -> 7 for prefix "vf" and `count` 32; -1 when `name` is not prefix + a number below count.
int register_number(std::string_view name, std::string_view prefix, int count) {
  if (name.size() <= prefix.size() || name.substr(0, prefix.size()) != prefix) return -1;
  std::string_view digits = name.substr(prefix.size());
  if (digits.size() > 2) return -1;
  int number = -1;
  auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
  if (error != std::errc() || end != digits.data() + digits.size() || number < 0 || number >= count) return -1;
  return number;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

}  // namespace

void IgnoreSet::add(std::string_view name) {
  if (name == "vf") {
    vf.set();
  } else if (name == "vi") {
    vi.set();
  } else if (name == "acc") {
    acc = true;
  } else if (name == "q") {
    q = true;
  } else if (name == "p") {
    p = true;
  } else if (name == "i") {
    i = true;
  } else if (name == "r") {
    r = true;
  } else if (name == "status") {
    status = true;
  } else if (name == "mac") {
    mac = true;
  } else if (name == "clip") {
    clip = true;
  } else if (name == "flags") {
    status = mac = clip = true;
  } else if (name == "mem") {
    memory = true;
  } else if (name == "floats") {
    vf.set();
    acc = q = p = status = mac = clip = true;
  } else if (int n = register_number(name, "vf", 32); n >= 0) {
    vf.set(static_cast<size_t>(n));
  } else if (int m = register_number(name, "vi", 16); m >= 0) {
    vi.set(static_cast<size_t>(m));
  } else if (name == "tpc" || name == "pc") {
    throw UsageError("--ignore: the PC cannot be ignored: lockstep compares the same instruction pair on both sides");
  } else {
    throw UsageError(
        fmt::format("--ignore: unknown register '{}' (known: vf, vf0-vf31, vi, vi0-vi15, acc, q, p, i, "
                    "r, status, mac, clip, flags, mem, floats)",
                    name));
  }
}

void IgnoreSet::add_list(std::string_view list) {
  while (true) {
    const size_t comma = list.find(',');
    const std::string_view name = trim(list.substr(0, comma));
    if (name.empty()) throw UsageError(fmt::format("--ignore: empty name in the list '{}'", list));
    add(name);
    if (comma == std::string_view::npos) return;
    list.remove_prefix(comma + 1);
  }
}

std::string IgnoreSet::describe() const {
  std::vector<std::string> names;
  if (vf.all()) {
    names.emplace_back("vf");
  } else {
    for (size_t n = 0; n < vf.size(); ++n) {
      if (vf[n]) names.push_back(fmt::format("vf{:02}", n));
    }
  }
  if (vi.all()) {
    names.emplace_back("vi");
  } else {
    for (size_t n = 0; n < vi.size(); ++n) {
      if (vi[n]) names.push_back(fmt::format("vi{:02}", n));
    }
  }
  const std::pair<bool, const char*> others[] = {{acc, "acc"}, {q, "q"},       {p, "p"},
                                                 {i, "i"},     {r, "r"},       {status, "status"},
                                                 {mac, "mac"}, {clip, "clip"}, {memory, "mem"}};
  for (const auto& [ignored, name] : others) {
    if (ignored) names.emplace_back(name);
  }
  return names.empty() ? "none" : fmt::format("{}", fmt::join(names, ","));
}

}  // namespace gcvu::harness
