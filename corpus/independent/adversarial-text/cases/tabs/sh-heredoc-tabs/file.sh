cat <<-EOF
	line
	EOF
