/* The public headers compile as strict C99. */
#include <crown/crown.h>
#include <crown/kingdoms.h>

int main(void)
{
    return crown_version() == CROWN_VERSION_NUMBER && CROWN_KD_CARD(9, 3) == 39 ? 0 : 1;
}
