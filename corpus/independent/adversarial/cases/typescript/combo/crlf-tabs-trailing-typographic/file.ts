export function greet(name: string): string {
	// Say “hello” – politely 
	const msg = "Hi – " + name;  
	if (name.length > 10) {
		return msg.slice(0, 10);
	}
	return msg;
}
