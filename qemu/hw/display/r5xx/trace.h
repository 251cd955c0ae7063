#include "trace/trace-hw_display.h"
