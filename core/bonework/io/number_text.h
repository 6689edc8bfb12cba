#pragma once
// Numbers for the loader's messages: the shortest digits that read back to the same double,
// laid out the way the messages have always shown them (the layout of Qt's
// QString::number(v, 'g', QLocale::FloatingPointShortest), which tools and tests match).

#include <string>

namespace bonework::io {

// "270", "-0.5", "1e+20", "1e-05": plain or exponent form, whichever is shorter (plain on a
// tie); the exponent has a sign and at least two digits; zero is "0", never "-0".
std::string shortestNumber(double v);
// The same spelling appended to `out`, without temporary strings (the exporters' JSON writer
// spells many numbers).
void appendShortestNumber(std::string& out, double v);

} // namespace bonework::io
