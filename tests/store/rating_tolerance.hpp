#pragma once
// How near a rating must come to the value worked out for it by hand or by another route:
// the same sums in another order differ only in the last digits.
namespace shithead::server::store_testing {

inline constexpr double rating_tolerance = 1e-9;

}  // namespace shithead::server::store_testing
