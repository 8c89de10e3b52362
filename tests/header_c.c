/* The public headers compile as strict C (C99, C11 and C17, every warning an error). */
#include <crown/crown.h>
#include <crown/kingdoms.h>
#include <crown/kingsblood.h>
#include <crown/bloodbound.h>

int main(void)
{
    return crown_version() == CROWN_VERSION_NUMBER && CROWN_KD_CARD(9, 3) == 39 &&
                   CROWN_KB_KIND(CROWN_KB_EXILE(80, 5, 3)) == CROWN_KB_K_EXILE &&
                   CROWN_BB_A(CROWN_BB_CURSES(4, 0x12)) == 4
               ? 0
               : 1;
}
