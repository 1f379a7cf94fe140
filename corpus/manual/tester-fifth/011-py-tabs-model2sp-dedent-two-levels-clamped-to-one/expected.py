def build(items, flag=False):
	result = {
		"count": len(items),
		"items": [i for i in items if i],
	}
	if flag:
		for i in items:
			if i > 10:
				result["big"] = True
			else:
				result["small"] = True
		log_316()
		result["flag"] = flag
	return result


class Tree:
	def walk(self):
		stack = [self]
		while stack:
			node = stack.pop()
			yield node
			for child in node.children:
				stack.append(child)
		print('done')
