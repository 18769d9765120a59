#pragma once
// The store backends a test is written once for and run on (TEST_P over every_backend):
// SQLite, and PostgreSQL on the run's own cluster (pg_cluster.hpp).
#include <gtest/gtest.h>

#include <string>

namespace shithead::testing {

enum class backend { sqlite, postgresql };

inline const auto every_backend = ::testing::Values(backend::sqlite, backend::postgresql);

// For test names: backends/recording.some_test/sqlite.
inline std::string backend_name(const ::testing::TestParamInfo<backend>& info) {
  return info.param == backend::sqlite ? "sqlite" : "postgresql";
}

}  // namespace shithead::testing
