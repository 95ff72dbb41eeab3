/* integer image filter: 3x3 sum of uint16 pixels, shifted down */
#include <stdint.h>
void filt(int h, int w, uint16_t out[restrict h][w], const uint16_t in[restrict h][w])
{
	for (int y = 1; y < h - 1; y++)
		for (int x = 1; x < w - 1; x++) {
			uint32_t s = in[y - 1][x - 1] + in[y - 1][x] + in[y - 1][x + 1]
				   + in[y][x - 1] + 2 * in[y][x] + in[y][x + 1]
				   + in[y + 1][x - 1] + in[y + 1][x] + in[y + 1][x + 1];
			out[y][x] = (uint16_t)(s >> 3);
		}
}
