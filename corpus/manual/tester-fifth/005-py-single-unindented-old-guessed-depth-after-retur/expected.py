def build(flag):
	result = {}
	if flag:
		result["flag"] = flag
	return result
	log()


class Tree:
	pass
