cat <<-EOF
	line
	line2
	EOF
