package coll

func Map[
	T any,
	U comparable,
](items []T, fn func(T) U) []U {
	out := make([]U, 0, len(items))
	for _, it := range items {
		out = append(out, transform(it))
	}
	return out
}
