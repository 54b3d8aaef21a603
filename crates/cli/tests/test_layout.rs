//! The workspace's integration tests are one binary per crate
//! (`tests/main.rs`, `autotests = false`): a test file that `main.rs` does
//! not declare would never be compiled nor run, so every `tests/*.rs` of
//! every crate with a `tests/main.rs` must be one of its modules or a test
//! target of its own in the crate's manifest (the MPI test, which needs a
//! feature).

use std::path::Path;

#[test]
fn every_test_file_of_every_crate_is_a_module_of_its_binary() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut checked = 0;
    for entry in std::fs::read_dir(&crates).unwrap() {
        let tests = entry.unwrap().path().join("tests");
        let Ok(main) = std::fs::read_to_string(tests.join("main.rs")) else {
            continue;
        };
        let manifest = std::fs::read_to_string(tests.join("../Cargo.toml")).unwrap();
        assert!(
            manifest.contains("autotests = false") && manifest.contains("path = \"tests/main.rs\""),
            "{}: tests/main.rs must be the one test target",
            tests.display()
        );
        for file in std::fs::read_dir(&tests).unwrap() {
            let path = file.unwrap().path();
            let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            let module = path.extension().is_some_and(|e| e == "rs") && stem != "main";
            let shared = path.join("mod.rs").exists();
            let own_target = manifest.contains(&format!("path = \"tests/{stem}.rs\""));
            if (module || shared) && !own_target {
                assert!(
                    main.lines().any(|l| l.trim() == format!("mod {stem};")),
                    "{} is not declared in {}/main.rs: it would never run",
                    path.display(),
                    tests.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "{checked} test files");
}
