#pragma once
// CPU time by thread group, read from /proc (Linux): this process's GUI thread, its scene-graph
// render thread, Mesa's llvmpipe rasteriser threads and the rest, and the X server's (Xvfb), whose
// copy of every swapped frame is part of a frame's cost too. On a shared machine, CPU time per
// frame varies far less than wall time, so it tells where the work goes when other programs
// stretch the frame intervals.

#include <QString>

#include <map>

namespace bonework::bench {

// Milliseconds of CPU (user + system) by group: "gui", "render", "llvmpipe", "other", "X server".
using CpuTimes = std::map<QString, double>;

// A sample now; the X server is the Xvfb (or Xorg) process serving $DISPLAY, if one is found.
CpuTimes sampleCpuTimes();
// The CPU time spent since `before` was sampled.
CpuTimes cpuTimesSince(const CpuTimes& before);

} // namespace bonework::bench
