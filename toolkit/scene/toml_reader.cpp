#include "toolkit/scene/toml_reader.hpp"

#include <fstream>

namespace verisim::scene::detail {

Source source_of(const toml::source_region& r, const std::string& file) {
  return {file, static_cast<int>(r.begin.line), static_cast<int>(r.begin.column)};
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

std::vector<const toml::table*> tables_of(const toml::table& root, std::string_view key, const std::string& file) {
  std::vector<const toml::table*> out;
  const toml::node* n = root.get(key);
  if (!n) return out;
  const toml::array* a = n->as_array();
  if (!a || !a->is_array_of_tables())
    throw SceneError(source_of(n->source(), file), fmt::format("'{}' must be written [[{}]] (an array of tables)", key, key));
  for (const auto& e : *a) out.push_back(e.as_table());
  return out;
}

std::string read_input_file(const std::filesystem::path& path, const InputFileKind& kind) {
  const Source whole{path.string(), 0, 0};
  const std::string noun(kind.noun);
  if (path.empty()) throw SceneError({"(no path)", 0, 0}, "the " + noun + "'s path is empty");
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);  // follows links: the file they name
  if (ec || !std::filesystem::exists(status)) throw SceneError(whole, "cannot open the " + noun + " (no such file)");
  if (std::filesystem::is_directory(status)) throw SceneError(whole, fmt::format("is a folder, not a {}{}", noun, kind.folder_hint));
  // a FIFO would block the open (and the run) until a writer comes; a device may never end
  if (!std::filesystem::is_regular_file(status))
    throw SceneError(whole, "is not a regular file (a FIFO, device or socket): give a " + noun + " (.toml)");
  const auto size = std::filesystem::file_size(path, ec);
  if (!ec && size > kind.max_bytes)
    throw SceneError(whole, fmt::format("the {} holds {} bytes, more than the limit of {} bytes{}", noun, size,
                                        kind.max_bytes, kind.size_hint));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw SceneError(whole, "cannot open the " + noun);
  std::string text(kind.max_bytes + 1, '\0');  // one byte more: a file grown since the size was read
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) throw SceneError(whole, "cannot read the " + noun);
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (text.size() > kind.max_bytes)
    throw SceneError(whole, fmt::format("the {} holds more than the limit of {} bytes", noun, kind.max_bytes));
  return text;
}

std::string read_scene_file(const std::filesystem::path& path) {
  return read_input_file(path, {"scene file", kMaxSceneBytes, " (`verisim scenes` lists the bundled ones)",
                                " (16 MiB): generate large sets of particles with type = \"particles\""});
}

void check_key_parts(std::string_view text, const std::string& file) {
  // A chain is `part (ws* . ws* part)*`, a part a bare key [A-Za-z0-9_-]+ or a quoted string. Any other
  // character (=, [, ], {, }, ",", a newline) ends it. A number or a date has at most 2 parts, so a
  // longer chain is a key or a header whatever the context.
  int line = 1, column = 1;
  std::size_t parts = 0;
  bool after_part = false;
  auto bare = [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '+';
  };
  auto advance = [&](std::size_t& i) {
    if (text[i] == '\n') ++line, column = 1;
    else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;  // columns count code points
    ++i;
  };
  auto part = [&] {
    if (!after_part && parts == 0) parts = 1;
    after_part = true;
  };
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') advance(i);
    } else if (c == '"' || c == '\'') {
      const bool multi = text.substr(i, 3) == std::string_view(c == '"' ? "\"\"\"" : "\'\'\'");
      const std::string_view close = multi ? text.substr(i, 3) : text.substr(i, 1);
      for (std::size_t k = 0; k < close.size(); ++k) advance(i);
      while (i < text.size() && text.substr(i, close.size()) != close) {
        if (c == '"' && text[i] == '\\' && i + 1 < text.size()) advance(i);  // an escape: skip the next character
        else if (!multi && text[i] == '\n') break;  // unterminated: toml++ reports it
        advance(i);
      }
      for (std::size_t k = 0; k < close.size() && i < text.size(); ++k) advance(i);
      part();
    } else if (bare(c)) {
      while (i < text.size() && bare(text[i])) advance(i);
      part();
    } else if (c == '.' && after_part) {
      if (++parts > kMaxKeyParts)
        throw SceneError(Source{file, line, column},
                         fmt::format("a dotted key or table header of more than {} parts (a scene's keys have at most 2)",
                                     kMaxKeyParts));
      after_part = false;
      advance(i);
    } else if (c == ' ' || c == '\t') {
      advance(i);
    } else {
      parts = 0, after_part = false;
      advance(i);
    }
  }
}

}  // namespace verisim::scene::detail
