//! HTML entities: a model that escaped `<` as `&lt;` (and `>`, `&`, `"`, `'`). Tried only after
//! the plain ladder failed, so a file that really spells `&lt;` where `old` matches (HTML, JSX
//! text, an escaper's tests) is landed by the plain tiers and never decoded.

use super::text::Text;

const ENTITIES: [(&str, char); 9] = [
    ("&lt;", '<'),
    ("&gt;", '>'),
    ("&amp;", '&'),
    ("&quot;", '"'),
    ("&#39;", '\''),
    ("&#x27;", '\''),
    ("&apos;", '\''),
    ("&#34;", '"'),
    ("&#x22;", '"'),
];

/// `old` and `new` with the entities decoded, or why the repair does not apply.
pub(crate) fn apply(text: &Text) -> Result<Text, String> {
    if !ENTITIES.iter().any(|(e, _)| text.old.contains(e)) {
        return Err("`old` has no `&lt;` `&gt;` `&amp;` `&quot;` `&#39;`".to_string());
    }
    Ok(Text {
        old: decode(&text.old),
        new: text.new.as_deref().map(decode),
        numbers: text.numbers,
        edges: text.edges.clone(),
    })
}

/// One left-to-right pass (so `&amp;lt;` becomes `&lt;`, as a browser would decode it).
fn decode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        match ENTITIES.iter().find(|(e, _)| rest.starts_with(e)) {
            Some((e, c)) => {
                out.push(*c);
                rest = &rest[e.len()..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_once() {
        assert_eq!(
            decode("a &lt; b &amp;&amp; c &gt; &quot;d&#39; &amp;lt; & x"),
            "a < b && c > \"d' &lt; & x"
        );
    }
}
