use equibench_report::html::*;
use serde_json::Value;

#[test]
fn escapes_markup_and_quotes() {
    assert_eq!(
        escape("if (a < b && c > d) s = \"x\" + 'y';"),
        "if (a &lt; b &amp;&amp; c &gt; d) s = &quot;x&quot; + &#39;y&#39;;"
    );
    assert_eq!(escape("</pre><script>"), "&lt;/pre&gt;&lt;script&gt;");
    assert_eq!(escape("a\u{0}b\n"), "a\\u{0000}b\n");
}

#[test]
fn json_is_sorted_and_escaped() {
    let v: Value = serde_json::from_str(r#"{"z":"<b>","a":[1,{"y":2,"b":3}]}"#).unwrap();
    let html = json_block(&v);
    let at = |k: &str| html.find(&format!("&quot;{k}&quot;")).unwrap();
    assert!(at("a") < at("z"));
    assert!(at("b") < at("y"));
    assert!(html.contains("&lt;b&gt;"));
    assert!(!html.contains("<b>"));
}
