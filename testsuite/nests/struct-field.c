/* array of structs: not analysed (struct field access) */
struct p { double x, y; };
void sx(int n, struct p *a)
{
	for (int i = 0; i < n; i++)
		a[i].x = a[i].x + a[i].y;
}
