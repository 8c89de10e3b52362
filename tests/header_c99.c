/* The public headers compile as strict C99. */
#include <crown/crown.h>
#include <crown/kingdoms.h>
#include <crown/kingsblood.h>

int main(void)
{
    return crown_version() == CROWN_VERSION_NUMBER && CROWN_KD_CARD(9, 3) == 39 &&
                   CROWN_KB_KIND(CROWN_KB_EXILE(80, 5, 3)) == CROWN_KB_K_EXILE
               ? 0
               : 1;
}
