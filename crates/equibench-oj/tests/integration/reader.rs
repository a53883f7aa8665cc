//! The CodeNet reader on real data (the shared sample) and on deliberately broken fixtures.

use crate::common;

use common::{codenet_sample, write};
use equibench_oj::codenet::{load, CorpusKind, Status};

#[test]
fn reads_the_real_codenet_sample() {
    let corpus = load(&codenet_sample(), CorpusKind::CodeNet).unwrap();
    assert_eq!(corpus.problems.len(), 7, "skips: {:?}", corpus.skips);
    let subs: usize = corpus.problems.iter().map(|p| p.submissions.len()).sum();
    assert_eq!(subs, 30);
    assert!(corpus.skips.is_empty(), "{:?}", corpus.skips);
    let p = corpus.problem("p02813").unwrap();
    assert_eq!(p.time_limit_ms, 2000);
    assert_eq!(p.memory_limit_kb, 1_048_576);
    assert!(p.html.contains("permutations"));
    assert_eq!(p.sample.as_ref().unwrap().output.trim(), "3");
    assert!(p.submissions.iter().all(|s| s.status == Status::Accepted));
    assert!(p
        .submissions
        .iter()
        .all(|s| s.original_language == "Python (3.8.2)"));
    assert!(p.generator.is_none());
    // None of the seven real statements asks for real-number output: no tolerance is read from
    // their constraints, samples or prose.
    for p in &corpus.problems {
        assert_eq!(p.float_tolerance, None, "{}", p.id);
    }
}

#[test]
fn broken_fixture_is_read_with_counted_skips() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let header = "submission_id,problem_id,user_id,date,language,original_language,filename_ext,status,cpu_time,memory,code_size,accuracy";
    write(
        &root.join("metadata/problem_list.csv"),
        "id,name,dataset,time_limit,memory_limit,rating,tags,complexity\n\
         p00001,Echo,AIZU,1000,65536,,,\n\
         p00002,\"No, statement\",AIZU,1000,65536,,,\n\
         p00003,No metadata,AIZU,abc,65536,,,\n\
         p00004,\"broken quote,AIZU,1000,65536,,,\n",
    );
    write(
        &root.join("metadata/p00001.csv"),
        format!(
            "{header}\n\
             s000000001,p00001,u1,1,Python,Python (3.8.2),py,Accepted,10,100,20,\n\
             s000000002,p00001,u2,2,Python,Python (2.7.6),py,Accepted,10,100,20,\n\
             s000000003,p00001,u3,3,Python,\"Python3,py,Wrong Answer,10,100,20,\n\
             s000000004,p00001,u4,4,Python,Python3,py,Wrong Answer,10,100,20,\n\
             s000000005,p00001,u5,5,Python,PyPy3 (7.3.0),py,Accepted,10,100,20,\n\
             s000000006,p00001,u6,6,C++,C++14 (GCC 5.4.1),cpp,Accepted,10,100,20,\n\
             s000000007,p00001,u7,7,Python,Python3,py,Accepted,10\n"
        ),
    );
    write(
        &root.join("problem_descriptions/p00001.html"),
        "<p>Print the input.</p>",
    );
    write(
        &root.join("data/p00001/Python/s000000001.py"),
        "print(input())\n",
    );
    write(
        &root.join("data/p00001/Python/s000000002.py"),
        "print raw_input()\n",
    );
    // s000000004 has no file; s000000005 is Latin-1.
    write(
        &root.join("data/p00001/Python/s000000005.py"),
        b"# caf\xe9\nprint(input())\n",
    );
    write(
        &root.join("derived/input_output/data/p00001/input.txt"),
        "hello\n",
    );
    write(
        &root.join("derived/input_output/data/p00001/output.txt"),
        "hello\n",
    );
    write(&root.join("metadata/p00002.csv"), format!("{header}\n"));
    write(&root.join("problem_descriptions/p00003.html"), "<p>x</p>");

    let corpus = load(root, CorpusKind::CodeNet).unwrap();
    let ids: Vec<&str> = corpus.problems.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, vec!["p00001"]);
    let p = &corpus.problems[0];
    assert_eq!(p.submissions.len(), 1);
    assert_eq!(p.submissions[0].id, "s000000001");
    let skips = &corpus.skips;
    let count = |k: &str| skips.get(k).copied().unwrap_or(0);
    assert_eq!(count("problem-list-malformed-row"), 1, "{skips:?}");
    assert_eq!(count("problem-html-missing"), 1, "{skips:?}");
    assert_eq!(count("problem-csv-missing"), 1, "{skips:?}");
    assert_eq!(count("problem-time-limit-invalid"), 1, "{skips:?}");
    assert_eq!(count("python2-submission"), 1, "{skips:?}");
    assert_eq!(count("metadata-malformed-row"), 2, "{skips:?}");
    assert_eq!(count("source-missing"), 1, "{skips:?}");
    assert_eq!(count("source-not-utf8"), 1, "{skips:?}");
    assert_eq!(count("not-python"), 1, "{skips:?}");
}

#[test]
fn a_tree_without_a_problem_list_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let err = load(dir.path(), CorpusKind::CodeNet)
        .unwrap_err()
        .to_string();
    assert!(err.contains("problem_list.csv"), "{err}");
}
