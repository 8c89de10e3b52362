// The public headers compile as C++ and link from C++.
#include <crown/crown.h>
#include <crown/kingdoms.h>
#include <crown/kingsblood.h>
#include <crown/bloodbound.h>

int main()
{
    crown_game *g = nullptr;
    if (crown_new(&g, "game_of_kingdoms", "players=2", 1) != CROWN_OK)
        return 1;
    int p = 0;
    int rc = crown_current_player(g, &p);
    crown_free(g);
    return rc == CROWN_OK && p >= 0 && CROWN_KD_TAKE == 240 &&
                   CROWN_KB_SEAT(CROWN_KB_EXILE(80, 5, 3)) == 3 &&
                   CROWN_BB_KIND(CROWN_BB_ATTACK(5)) == CROWN_BB_K_ATTACK
               ? 0
               : 1;
}
