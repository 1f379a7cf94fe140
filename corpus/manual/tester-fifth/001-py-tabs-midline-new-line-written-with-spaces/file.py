def build(flag):
	result = {}
	if flag:
		result["flag"] = flag
	return result


class Tree:
	pass
