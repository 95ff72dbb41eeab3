/* while loop with a data-dependent exit: not analysed */
int find(const double *a, double key)
{
	int i = 0;
	while (a[i] != key)
		i++;
	return i;
}
