// PLACEHOLDER until the loader lands.
#include "bonework/io/rig_file.h"
