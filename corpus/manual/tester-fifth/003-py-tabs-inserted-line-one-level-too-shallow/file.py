class Loader:
	def load(self, path):
		try:
			with open(path) as fh:
				data = fh.read()
		except OSError:
			return None
		return data
