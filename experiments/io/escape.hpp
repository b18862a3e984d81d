#pragma once
// Text from a user (an object's name, a scene's title, a file name) written into an output format,
// escaped for that format here and nowhere else. Each function holds for any input: the result is
// read back by the format's reader as exactly one item holding the same text (JSON strings:
// json_quote in json.hpp; CSV cells also in csv.hpp's reader).
#include <string>
#include <string_view>

namespace verisim::experiments {

/// HTML text or a double- or single-quoted attribute value (HTML Living Standard §13.1.2.6):
/// & < > " ' as character references.
std::string html_escape(std::string_view s);

/// A JavaScript string literal to be placed inside an HTML <script> element (HTML Living Standard
/// §4.12.1.3, "restrictions for contents of script elements"): the JSON string of s (json_quote) with
/// '<' written \u003c (so neither "</script" nor "<!--" can occur) and U+2028, U+2029 written
/// \u2028, \u2029 (line terminators in older JavaScript).
std::string js_string(std::string_view s);

/// A CSV field (RFC 4180 §2): s as is when it holds no ',', '"', CR, LF, leading or trailing blank
/// and is not empty; otherwise in double quotes with each '"' doubled.
std::string csv_field(std::string_view s);

/// A gnuplot string constant in single quotes (gnuplot 5 manual, "Strings": '' inside a single-quoted
/// string is one quote; no other escape is read there): a line break, which would end the command,
/// and other control characters become a space.
std::string gnuplot_string(std::string_view s);

/// A name usable as part of a file name: letters, digits, '-', '_' and '.' kept, any other byte '_'
/// (a leading '.' also '_'), at most 100 bytes; "_" for an empty name.
std::string file_stem(std::string_view s);

}  // namespace verisim::experiments
