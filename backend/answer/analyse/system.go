package analyse

import "github.com/ragman-dev/ragman/internal/lazyre"

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
