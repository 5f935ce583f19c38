package envvar

// The test-only hooks, not user settings: each is set by the scenarios of
// testdata/script or by a test that runs its own binary again, and read
// where noted. They are defined here, once, so that a grep for one finds
// its every reader and no user mistakes them for settings. Their names
// keep the prefix RAGMAN_TEST_ and were never RAGCLI_.
const (
	// TestStall=2s is how long a silent backend or a build may run
	// before it counts as stalled (the client's silence bound, and the
	// floor of health's "far longer than the last" rule), so that a
	// scenario sees a stall in seconds instead of minutes.
	TestStall = "RAGMAN_TEST_STALL"

	// TestRefreshInterval overrides backend.refresh_interval (server):
	// the scenarios set it to 0 so that no refresh races the reindexes
	// they run themselves, and the one about refreshing unsets it.
	TestRefreshInterval = "RAGMAN_TEST_REFRESH_INTERVAL"

	// TestBuildDelay=20ms makes a build pause that long after each man
	// page or info manual (ingest), so that a scenario can interrupt a
	// build of the small fixture tree in its middle (kill -9, a second
	// reindex, a query during the rebuild).
	TestBuildDelay = "RAGMAN_TEST_BUILD_DELAY"

	// TestRetrySchedule=10ms,10ms overrides the waits between a health
	// probe's attempts (health.DefaultSchedule), so that a scenario does
	// not wait 15 s for an engine that is down on purpose; "none" means
	// no retries.
	TestRetrySchedule = "RAGMAN_TEST_RETRY_SCHEDULE"

	// TestDiskFree=9% (a share of the real size) or =200KB, =5MB, =1GB,
	// =12345 (bytes) overrides the free space statfs reports (health),
	// so that a scenario reaches the thresholds and the "not enough
	// space" refusal without filling a disk.
	TestDiskFree = "RAGMAN_TEST_DISK_FREE"

	// TestFailWriteAfter=N makes every index file a build writes fail
	// with ENOSPC once N bytes went into it, as a full disk would
	// (index), so that a scenario checks that a build that runs out of
	// space aborts cleanly and leaves the active version serving.
	TestFailWriteAfter = "RAGMAN_TEST_FAIL_WRITE_AFTER"

	// TestUnwritableDir holds the folder of the service test that, as
	// root, runs itself again as nobody over a data folder nobody may
	// write.
	TestUnwritableDir = "RAGMAN_TEST_UNWRITABLE_DIR"

	// TestDial holds the socket the daemon test's binary, run again as
	// another user, dials to prove the peer check refuses it.
	TestDial = "RAGMAN_TEST_DIAL"

	// TestBackend makes the client test's binary, run again, a backend
	// instead of the tests: "serve", or "crash" to exit at once. It
	// serves in TestDir, as version TestVersion, idling out after
	// TestIdle.
	TestBackend = "RAGMAN_TEST_BACKEND"
	TestDir     = "RAGMAN_TEST_DIR"
	TestVersion = "RAGMAN_TEST_VERSION"
	TestIdle    = "RAGMAN_TEST_IDLE"
)
