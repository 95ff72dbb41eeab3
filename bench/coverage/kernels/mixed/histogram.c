/* histogram with indirect increment */
void histogram(int n, const unsigned char *restrict img, unsigned int hist[256])
{
	for (int i = 0; i < n; i++)
		hist[img[i]]++;
}
