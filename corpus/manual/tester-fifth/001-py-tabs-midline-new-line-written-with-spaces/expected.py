def build(flag):
	result = {}
	if flag:
		result["flag"] = flag
		log()
	return result


class Tree:
	pass
