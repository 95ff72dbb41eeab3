/* array of structs: a strided access of a (element stride 2, offset 0) */
struct p { double x, y; };
void sx(int n, struct p *a)
{
	for (int i = 0; i < n; i++)
		a[i].x = a[i].x + a[i].y;
}
