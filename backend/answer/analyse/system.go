package analyse

import (
	"slices"

	"github.com/ragman-dev/ragman/internal/lazyre"
)

// What a question asks of the system itself, where the words alone
// choose a command that changes it: its accounts, and the processes that
// use it most.

// AsksAccounts says whether question q lists the users or groups the
// system has, or asks whether one exists: "which groups exist on the
// system", "list all user accounts", "check whether a user exists".
// getent reads them; chgrp(1) and usermod(8), which the words chose,
// change them.
func AsksAccounts(q string) bool { return accountsListedRE().MatchString(q) }

var accountsListedRE = lazyre.New(`(?i)\b(?:list|lists|listing|show|shows|see|print|display|get|enumerate|which|what)\s+(?:all\s+|every\s+|the\s+|of\s+the\s+)*(?:local\s+|existing\s+|system\s+)?(?:users|groups|user\s+accounts|accounts|user\s+names|usernames|group\s+names)\b(?:\s+(?:that\s+)?(?:exist|are\s+there|are\s+defined|there\s+are))?(?:\s+(?:on|in|of)\s+(?:the|this|my)\s+(?:system|machine|computer|server|box))?\s*[?.!]?\s*$|\b(?:whether|if)\s+(?:a|the|some|any|this|that)\s+(?:user|group|account)(?:\s+(?:named|called)?\s*\S+)?\s+(?:already\s+)?exists?\b`)

// AsksTopProcess says whether question q asks which processes use the
// most of the processor or the memory: "which process is using the most
// CPU", "find the programs eating all my RAM". ps sorts them (--sort),
// where "CPU" chose nproc(1).
func AsksTopProcess(q string) bool { return topProcessRE().MatchString(q) }

var topProcessRE = lazyre.New(`(?i)\b(?:process|processes|program|programs|task|tasks|app|apps|application|applications)\s+(?:that\s+|which\s+)?(?:is\s+|are\s+)?(?:using|uses|use|consuming|consumes|consume|eating|eats|hogging|hogs|taking|takes|burning)\s+(?:up\s+)?(?:the\s+)?(?:most|all|so\s+much|too\s+much|a\s+lot\s+of|lots\s+of)\s+(?:of\s+)?(?:my\s+|the\s+)?(?:cpu|processor|memory|ram)\b|\b(?:most|top)\s+(?:cpu|memory|ram)[- ](?:hungry|intensive|heavy|consuming)\s+(?:processes|programs)\b`)

// ManualOf is the command whose manual page the question asks to read:
// "ls" of "show the manual for ls", "open the man page of grep"; "" where
// it asks none. man shows it, where the words chose the command's own
// page and an option of it.
func ManualOf(q string) string {
	if m := manualOfRE().FindStringSubmatch(q); m != nil {
		return m[1]
	}
	return ""
}

var manualOfRE = lazyre.New(`(?i)\b(?:show|shows|open|opens|read|reads|view|views|display|see|get|print|bring\s+up|pull\s+up|look\s+at|find)\s+(?:me\s+)?(?:the\s+)?(?:manual(?:\s+page)?|man\s*page|man-page|manpage|documentation|docs|reference\s+page|help\s+page)\s+(?:for|of|about|on)\s+(?:the\s+)?(?:command\s+|program\s+|tool\s+)?([A-Za-z0-9][A-Za-z0-9_.+-]*[A-Za-z0-9+]|[A-Za-z0-9])\b`)

// ListsUserProcesses says whether question q lists the processes of a
// user it names (args hold the user): "Show the processes owned by the
// user www-data", "show running processes for the user alice". ps's -u
// selects them, where "user" chose pstree's "[pid, user]".
func ListsUserProcesses(q string, args []Arg) bool {
	return slices.ContainsFunc(args, func(a Arg) bool { return a.Kind == ArgUser }) && userProcessesRE().MatchString(q)
}

var userProcessesRE = lazyre.New(`(?i)\b(?:list|lists|show|shows|display|see|print|find|get)\s+(?:all\s+|every\s+)?(?:the\s+)?(?:running\s+|active\s+)?process(?:es)?\s+(?:that\s+(?:are\s+|were\s+)?)?(?:owned\s+by|of|for|belonging\s+to|that\s+belong\s+to|run\s+by|running\s+as|started\s+by|started\s+as)\s+(?:the\s+)?user\b`)
