#pragma once
// The end of every benchmark's main(): Google Benchmark's own start-up, once.
#include <benchmark/benchmark.h>

namespace bonework::bench {

inline int runBenchmarks(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

} // namespace bonework::bench
