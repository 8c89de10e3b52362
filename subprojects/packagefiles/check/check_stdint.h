/* Replaces the check_stdint.h that Check's configure generates (crown's
 * Meson build of Check, subprojects/packagefiles/check). */
#ifndef CHECK_STDINT_H
#define CHECK_STDINT_H
#include <stdint.h>
#endif
