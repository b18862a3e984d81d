// Every bundled scene (scenes/*.toml) checked against theory.
#include <gtest/gtest.h>
