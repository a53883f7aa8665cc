use equibench_eval::client::*;

#[test]
fn answers_are_classified_by_status_and_message() {
    assert_eq!(classify(401, ""), ErrorKind::Auth);
    assert_eq!(classify(404, "model not found"), ErrorKind::UnknownModel);
    assert_eq!(classify(429, ""), ErrorKind::RateLimited);
    assert_eq!(classify(503, ""), ErrorKind::ServerError);
    assert_eq!(
        classify(
            400,
            r#"{"error":{"message":"This model's maximum context length is 8192 tokens"}}"#
        ),
        ErrorKind::ContextTooLong
    );
    assert_eq!(classify(400, "bad"), ErrorKind::BadRequest);
    assert_eq!(classify(418, ""), ErrorKind::ClientError);
    assert!(ErrorKind::Auth.fatal() && !ErrorKind::Auth.transient());
    assert!(ErrorKind::Timeout.transient() && !ErrorKind::ContextTooLong.transient());
}

#[test]
fn loopback_urls_are_recognised() {
    for u in [
        "http://127.0.0.1:8000/v1",
        "http://localhost:11434/v1",
        "http://[::1]:8080/v1",
        "http://127.5.0.1/v1",
    ] {
        assert!(is_loopback(u), "{u}");
    }
    for u in [
        "https://api.openai.com/v1",
        "http://10.0.0.1:8000/v1",
        "http://localhost.example.com/v1",
    ] {
        assert!(!is_loopback(u), "{u}");
    }
}

#[test]
fn completions_and_errors_are_read() {
    let c = parse_completion(
        r#"{"choices":[{"message":{"role":"assistant","content":"YES"},"finish_reason":"length"}],"usage":{"prompt_tokens":12,"completion_tokens":1}}"#,
    )
    .unwrap();
    assert_eq!(c.text(), "YES");
    assert_eq!(c.usage().prompt_tokens, Some(12));
    assert_eq!(c.finish_reason(), Some("length"));
    let c = parse_completion(r#"{"choices":[{"message":{"content":null}}]}"#).unwrap();
    assert_eq!((c.text(), c.finish_reason()), ("", None));
    assert!(parse_completion("<html>").is_err());
    assert_eq!(server_message(r#"{"error":{"message":"no"}}"#), "no");
}
