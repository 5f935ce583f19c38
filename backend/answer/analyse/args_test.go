package analyse

import (
	"fmt"
	"strings"
	"testing"
)

// TestRead: the arguments of a task are read apart from it, with their
// kind, and other people's framing is set aside; what is left is the task.
func TestRead(t *testing.T) {
	for _, tc := range []struct {
		q, args, framing, task string
	}{
		{"Copy report.pdf from folder old_docs to folder new_docs",
			"file:report.pdf folder:old_docs folder:new_docs", "", "Copy from folder to folder"},
		// a variable is named in capitals, even by a word of the
		// sentence's; "the variable name" names none
		{"print the environment variable HOME", "name:HOME", "", "print the environment variable"},
		{"show the value of the variable name", "", "", "show the value of the variable name"},
		{"make the file deploy.sh executable", "file:deploy.sh", "", "make the file executable"},
		// files of a kind are taken from a folder and put in one, each
		// named by a plain word
		{"Move every .jpg file from Downloads into Pictures", "file:.jpg folder:Downloads folder:Pictures", "", "Move every file from into"},
		{"copy the *.py files from src to the folder backup/src", "glob:*.py folder:src path:backup/src", "", "copy the files from to the folder"},
		// the address lines hold is the text to find, and what kind of
		// value it is no topic; an address alone is a host
		{"Print every line of access.log that contains the IP address 10.0.0.5.", "file:access.log quoted:10.0.0.5", "", "Print every line of that contains the ."},
		{"ping the IP address 10.0.0.1", "host:10.0.0.1", "", "ping the IP address"},
		// each folder or file of the current one, as * names them; not
		// every one a clause picks
		{"show the size of each folder in the current directory", "glob:*/", "", "show the size of each folder"},
		{"count the words of each file here", "glob:*", "", "count the words of each file"},
		// and of a folder given by its path; not the files a clause picks
		{"print the sha1 sum of every file in /srv/www", "glob:/srv/www/*", "", "print the sha1 sum of every file in"},
		{"count the lines of each file in ~/logs/", "glob:~/logs/*", "", "count the lines of each file in"},
		{"delete every file in /tmp older than 3 days", "path:/tmp duration:3 days", "", "delete every file in older than"},
		{"delete each file in the current folder that is empty", "", "", "delete each file in the current folder that is empty"},
		// a folder named before what the task looks for in it
		{"search the folder configs for the word timeout", "folder:configs quoted:timeout", "", "search the folder for the word"},
		// files of a kind named by their extension's word, after a
		// quantifier; the files of a thing stay its topic
		{"move all log files to the archive folder", "file:.log folder:archive", "", "move all files to the folder"},
		{"show the log files of nginx", "", "", "show the log files of nginx"},
		// only the folders here, and no file, are */; only the files
		// are no glob
		{"list only directories in the current folder", "glob:*/", "", "list only directories"},
		{"list only files in the current directory", "", "in the current directory", "list only files"},
		// not a word of the sentence's, nor files of no kind
		{"copy the .png files from my camera to photos", "file:.png", "", "copy the files from my camera to photos"},
		{"copy the files from src to dst", "", "", "copy the files from src to dst"},
		// a date counted from now is a date, where a date is asked for;
		// the words that count it are the date's
		{"show the date 3 weeks ago", "date:3 weeks ago", "", "show the date"},
		{"print the date that is 45 days after today", "date:45 days", "", "print the date that is"},
		{"what will the date be in 90 days", "date:90 days", "", "what will the date be in"},
		{"print yesterday's date", "date:yesterday", "", "print date"},
		{"what was the date last  Friday", "date:last friday", "", "what was the date"},
		{"show the date of next month's first day", "date:next month", "", "show the date of first day"},
		// not where no date is asked for
		{"list the files changed last week", "", "", "list the files changed last week"},
		// a time of day something is bounded or set by is a date's;
		// the word that bounds it stays the task's, and a ratio or two
		// ports a colon apart are none
		{"show the nginx log since 8:00 this morning", "date:8:00", "", "show the nginx log since this morning"},
		{"shut down the machine at 10pm", "date:10pm", "", "shut down the machine at"},
		{"print entries between 09:15 and 17:45:30", "date:09:15 date:17:45:30", "", "print entries between and"},
		{"resize the image to 16:9", "", "", "resize the image to 16:9"},
		// a kind of file system is what mkfs, mount and df take, and
		// stays the task's word too
		{"mount the vfat stick /dev/sdb1 on /mnt/usb", "fstype:vfat path:/dev/sdb1 path:/mnt/usb", "", "mount the stick on"},
		// whatever word a label is given is its name
		{"format /dev/sdc1 and give it the volume label backup", "path:/dev/sdc1 name:backup", "", "format and give it the volume label"},
		// numbers put in order to say how they sort are no values
		{"How do I sort a list of numbers so that 10 comes after 9 instead of after 1?", "", "", "How do I sort a list of numbers so that 10 comes after 9 instead of after 1?"},
		{"show the last 10 lines of a file", "number:10", "", "show the last lines of a file"},
		// elsewhere a length of time stays one
		{"find files modified 3 days ago", "duration:3 days", "", "find files modified ago"},
		{"count the lines in notes.txt", "file:notes.txt", "", "count the lines in"},
		{"What is the bash command to add a new group called staff?", "group:staff",
			"What is the bash command to", "add a new group called ?"},
		// and the way it is asked for, whatever it is called
		{"What's the safest way to copy notes.txt to backup?", "file:notes.txt", "What's the safest way to", "copy to backup?"},
		{"What is the best way to learn the guitar?", "", "What is the best way to", "learn the guitar?"},
		// a word in -ing after "group" that ends the clause names it;
		// one the sentence goes on after does not
		{"list the files that belong to the group marketing", "group:marketing", "", "list the files that belong to the group"},
		{"show the users logged in", "", "", "show the users logged in"},
		// the access a group is given names no group
		{"give the group read and write access to report.docx", "file:report.docx", "", "give the group read and write access to"},
		{"What is the shell command that shows how long the machine has been running?", "",
			"What is the shell command that", "shows how long the machine has been running?"},
		// an option asked for is asked as a command is
		{"What is the shell command option that makes tar list an archive?", "",
			"What is the shell command option that", "makes tar list an archive?"},
		{"Which Linux command flag makes du skip other filesystems?", "",
			"Which Linux command flag", "makes du skip other filesystems?"},
		{"create a folder named build in the current directory", "folder:build", "in the current directory", "create a folder named"},
		{"find files larger than 100 MB", "size:100 MB", "", "find files larger than"},
		{"Move all .log files from folder a to folder b in the current directory",
			"file:.log folder:a folder:b", "in the current directory", "Move all files from folder to folder"},
		{"delete *.tmp files older than 7 days under /var/tmp", "glob:*.tmp duration:7 days path:/var/tmp", "", "delete files older than under"},
		{"search the folder src but skip every file matching *.min.js.", "folder:src glob:*.min.js", "", "search the folder but skip every file matching ."},
		// a word of when is no group's name
		{"Create the group devops, and don't fail if that group already exists.", "group:devops", "", "Create the group , and don't fail if that group already exists."},
		// a sentence's full stop is no part of the suffix it ends on
		{"list the folder media but hide the files ending in .bak.", "folder:media file:.bak", "", "list the folder but hide the files ending in ."},
		{"give the user alice ownership of report.csv", "user:alice file:report.csv", "", "give the user ownership of"},
		{"set the permissions of script.py to 755", "file:script.py mode:755", "", "set the permissions of to"},
		// a shell given by name is its path, no topic
		{"create the user dan with zsh as his login shell", "user:dan path:/bin/zsh", "", "create the user with as his login shell"},
		{"change the default shell of bob to fish", "path:/usr/bin/fish", "", "change the default shell of bob to"},
		{"make zsh my default shell", "path:/bin/zsh", "", "make my default shell"},
		{"how do I use fish as a scripting language", "", "", "how do I use fish as a scripting language"},
		// the first characters of each line are a range of places
		{"show the first 15 characters of each line in names.txt", "number:1-15 file:names.txt", "", "show the first characters of each line in"},
		// a word of modes in a file's name sets none
		{"split access.log into pieces of 1000 lines", "file:access.log number:1000", "", "split into pieces of lines"},
		{"download https://example.com/a.tar.gz", "url:https://example.com/a.tar.gz", "", "download"},
		// a kind of thing a folder has is no folder's name
		{"compare two directory trees but skip every *.o file", "glob:*.o", "", "compare two directory trees but skip every file"},
		// a plural noun names two
		{"compare the folders alpha and beta, leaving out the .svn directories", "folder:alpha folder:beta file:.svn", "", "compare the folders and , leaving out the directories"},
		{"add the users ann and bob to the group ops", "user:ann user:bob group:ops", "", "add the users and to the group"},
		{"list the folders photos and then sort them", "folder:photos", "", "list the folders and then sort them"},
		// an account names its user where the clause ends on the name
		{"unlock the user account bob", "user:bob", "", "unlock the user account"},
		{"lock the account svc_backup, then check it", "user:svc_backup", "", "lock the account , then check it"},
		{"remove a user account together with its home folder", "", "", "remove a user account together with its home folder"},
		{"how big are the .tmp files in this directory put together", "file:.tmp", "", "how big are the files in this directory put together"},
		{"which groups hold the most members", "", "", "which groups hold the most members"},
		{"do both folders hold the same pictures", "", "", "do both folders hold the same pictures"},
		{"limit how much memory a service may get", "", "", "limit how much memory a service may get"},
		{"back up the whole directory reports to /srv", "folder:reports path:/srv", "", "back up the whole directory to"},
		{"our accounts come from LDAP", "", "", "our accounts come from LDAP"},
		// the ends of a conversion, where the question converts
		{"Convert legacy.txt from the Windows-1252 character set to UTF-8", "file:legacy.txt from:Windows-1252 to:UTF-8", "", "Convert from the character set to"},
		{"re-encode the subtitles from latin1 into utf-8", "from:latin1 to:utf-8", "", "re-encode the subtitles from into"},
		{"plan a walk from Porto to Santiago", "", "", "plan a walk from Porto to Santiago"},
		{"convert the numbers from 1 to 100", "number:1 number:100", "", "convert the numbers from to"},
		{"copy backup.tar to bob@192.168.1.5 over ssh", "file:backup.tar host:bob@192.168.1.5", "", "copy to over ssh"},
		{"which process listens on port 8080", "port:8080", "", "which process listens on port"},
		{`search for "connection refused" in syslog`, "quoted:connection refused", "", "search for in syslog"},
		{"Write a command to show the first 20 lines of data.csv", "number:20 file:data.csv", "Write a command to", "show the first lines of"},
		{"How do I change file permissions?", "", "", "How do I change file permissions?"},
		{"list the user accounts on this system", "", "on this system", "list the user accounts"},
		{"Which Linux command lists the groups a user belongs to?", "", "Which Linux command", "lists the groups a user belongs to?"},
		{"What version is installed, e.g. 1.2?", "", "", "What version is installed, e.g. 1.2?"},
		{"edit ~/.bashrc", "path:~/.bashrc", "", "edit"},
		{"sort the folder photos so that img-2.png comes first", "folder:photos file:img-2.png", "", "sort the folder so that comes first"},
		{"copy the folder website but not its caches", "folder:website", "", "copy the folder but not its caches"},
		// a kind before the noun, no name
		{"delete the non-empty folder old", "folder:old", "", "delete the non-empty folder"},
		// the root file system is mounted at /
		{"free space left on the root filesystem", "path:/", "", "free space left on the filesystem"},
		// a word the sentence goes on from as from a name: "recursively"
		{"copy the folder src to the folder backup recursively", "folder:src folder:backup", "", "copy the folder to the folder recursively"},
		{"show the folder size with units", "", "", "show the folder size with units"},
		{"pack the folder photos into a tar.gz file", "folder:photos", "", "pack the folder into a tar.gz file"},
		{"pack the folder logs into logs.tar.gz", "folder:logs file:logs.tar.gz", "", "pack the folder into"},
		{"put notes.txt into the archive old.zip", "file:notes.txt file:old.zip", "", "put into the archive"},
		// a unit and a pair of words with a slash are no paths; a message
		// in capitals names no host
		{"throttle the copy to 800 Kbit/s", "number:800", "", "throttle the copy to Kbit/s"},
		{"read and/or write the folder docs/old", "path:docs/old", "", "read and/or write the folder"},
		{"ssh prints REMOTE HOST IDENTIFICATION HAS CHANGED", "", "", "ssh prints REMOTE HOST IDENTIFICATION HAS CHANGED"},
		{"connect to host db01 and run uptime", "host:db01", "", "connect to host and run uptime"},
		// a user given before "over", "via"; the group or owner a file
		// is changed to
		{"log in to the server db01 as the user admin over ssh", "host:db01 user:admin", "", "log in to the server as the user over ssh"},
		{"show the disk space of the remote machine web01", "host:web01", "", "show the disk space of the remote machine"},
		// a word that goes on the sentence names no machine
		{"restart the machine running the database", "", "", "restart the machine running the database"},
		{"Change the group of report.txt to finance.", "file:report.txt group:finance", "", "Change the group of to ."},
		// where a folder is copied or moved to a name no word is, that
		// name is a folder too; a word after "to" may say why
		{"Copy the directory src to backup_src, keeping timestamps.", "folder:src folder:backup_src", "", "Copy the directory to , keeping timestamps."},
		{"copy the folder web to web-old", "folder:web folder:web-old", "", "copy the folder to"},
		{"copy the folder web to re-check it", "folder:web", "", "copy the folder to re-check it"},
		{"copy the folder photos to backup", "folder:photos", "", "copy the folder to backup"},
		// a name before "folder" or "directory", not a word that says
		// which folder it is
		{"pack my Documents folder into a tar archive", "folder:Documents", "", "pack my folder into a tar archive"},
		{"copy report.pdf into the backup folder", "file:report.pdf folder:backup", "", "copy into the folder"},
		{"unpack it but drop the top-level folder", "", "", "unpack it but drop the top-level folder"},
		// and before a subfolder of another ("its")
		{"how big is the folder web without its node_modules subfolder", "folder:web folder:node_modules", "", "how big is the folder without its subfolder"},
		{"archive src but leave out its cache subdirectory", "", "", "archive src but leave out its cache subdirectory"},
		// a name before "user" or "group", not a word that says which
		// one it is
		{"add bob to the docker group", "user:bob group:docker", "", "add to the group"},
		{"remove the user from the wheel group", "group:wheel", "", "remove the user from the group"},
		{"run one command as the postgres user", "user:postgres", "", "run one command as the user"},
		{"print the numeric user ID of the current user", "", "", "print the numeric user ID of the current user"},
		{"list the biggest files in the current directory", "", "in the current directory", "list the biggest files"},
		// a word given after "the word" is what to look for
		{"grep notes.md for the word deadline", "file:notes.md quoted:deadline", "", "grep for the word"},
		// and where a verb of its turning up follows
		{"count how often the word timeout appears in server.log", "quoted:timeout file:server.log", "", "count how often the word appears in"},
		{"lines with the word fixme in them", "quoted:fixme", "", "lines with the word in them"},
		{"the word count of a file", "", "", "the word count of a file"},
		// a word in capitals or a number that the lines hold, or after
		// "the text"; not a word of the text console
		{"show lines in app.log not containing ERROR", "file:app.log quoted:ERROR", "", "show lines in not containing"},
		{"print the lines of access.log without the text 404", "file:access.log quoted:404", "", "print the lines of without the text"},
		{"change the banner of the text console", "", "", "change the banner of the text console"},
		// whatever else the sentence says of it after
		{"look in todo.txt for the word urgent regardless of its case", "file:todo.txt quoted:urgent", "", "look in for the word regardless of its case"},
		// the asker's home is the folder ~, the noun after it the topic's
		// (files of a kind counted are of that kind: find -name '*.pdf')
		{"count the pdf files under my home folder", "file:.pdf folder:~", "", "count the files under folder"},
		// a word of how after the folder is no folder's name
		{"remove the folder stale_cache in my home folder together with its contents", "folder:stale_cache folder:~", "", "remove the folder in folder together with its contents"},
		{"what goes into a new user's home directory", "", "", "what goes into a new user's home directory"},
		// and after "the string", "the letter"
		{"show the lines of build.log that contain the string FAILED", "file:build.log quoted:FAILED", "", "show the lines of that contain the string"},
		{"drop every line holding the letter q", "quoted:q", "", "drop every line holding the letter"},
		{"the string library of C", "", "", "the string library of C"},
		// a word of the language that ends the question names the
		// folder before it; one that points back does not
		{"unpack site.zip into the folder out", "file:site.zip folder:out", "", "unpack into the folder"},
		{"move notes.txt into the folder there", "file:notes.txt", "", "move into the folder there"},
		{"empty the folder cache but keep the folder itself", "folder:cache", "", "empty the folder but keep the folder itself"},
		// and after "the text" searched for, not the text of a thing
		{"count lines matching the text timeout in app.log", "quoted:timeout file:app.log", "", "count lines matching the text in"},
		{"change the greeting on the text console?", "", "", "change the greeting on the text console?"},
		// a name the sentence goes on after as after one: "the user
		// carol the owner"
		{"make the user carol the owner of notes.txt and the group staff its group", "user:carol file:notes.txt group:staff", "", "make the user the owner of and the group its group"},
		{"list the groups the user belongs to", "", "", "list the groups the user belongs to"},
		// the sentence goes on as after a name with a clause of its own
		{"put the user dave into group wheel while keeping his other groups", "user:dave group:wheel", "", "put the user into group while keeping his other groups"},
		{"show the user name when logged in", "", "", "show the user name when logged in"},
		{"when did the user mark last log in", "user:mark", "", "when did the user last log in"},
		// an ordinal's place is a number, its word the task's
		{"order data.txt by the 4th field", "file:data.txt number:4", "", "order by the 4th field"},
		// a count after the noun names nothing; it is a count, in words
		// as in digits
		{"sizes of the folders two levels down", "number:2", "", "sizes of the folders levels down"},
		{"make curl retry a download five times", "number:5", "", "make curl retry a download times"},
		{"rerun uptime every twenty-five seconds", "duration:25 seconds", "", "rerun uptime every"},
		{"split big.iso into a hundred megabytes pieces", "file:big.iso size:100 megabytes", "", "split into pieces"},
		{"show the disk usage one level deep", "number:1", "", "show the disk usage level deep"},
		// not a number of things the task names, nor one of most things
		{"merge two files into one file", "", "", "merge two files into one file"},
		{"print one line per user", "", "", "print one line per user"},
		// a named pipe is named nothing
		{"make a named pipe that only I can read", "", "", "make a named pipe that only I can read"},
		{"list the users all at once", "", "", "list the users all at once"},
		// nor what the thing did
		{"how long each unit took to start", "", "", "how long each unit took to start"},
		{"why the service failed at boot", "", "", "why the service failed at boot"},
		{"enable the service nginx at boot", "name:nginx", "", "enable the service at boot"},
		// or before it, where it is no word
		{"restart the nginx service", "name:nginx", "", "restart the service"},
		{"delete the git tag v0.9", "name:v0.9", "", "delete the git tag"},
		{"stop the ssh service", "", "", "stop the ssh service"},
		{"stop the web service", "", "", "stop the web service"},
		// a plain word after "folder" is its name where a clause on it
		// follows
		{"delete the files in the folder cache that are older than 7 days", "folder:cache duration:7 days", "", "delete the files in the folder that are older than"},
		{"list the files in the folder that holds the config", "", "", "list the files in the folder that holds the config"},
		// the value a setting is changed to, where it is no word
		{"change the hostname to buildbox", "name:buildbox", "", "change the hostname to"},
		{"set the prompt colour to green", "", "", "set the prompt colour to green"},
		// a program whose path is asked is no topic: which finds it
		{"print the path of the python3 executable", "file:python3", "", "print the path of the executable"},
		{"where is the git binary installed", "file:git", "", "where is the binary installed"},
		// or named after the noun, the sentence's stop left out
		{"Give the full path of the command perl.", "file:perl", "", "Give the full path of the command ."},
		{"locate the executable for gcc", "file:gcc", "", "locate the executable for"},
		{"find the program that converts images", "", "", "find the program that converts images"},
		// where what is set has what it is of between
		{"set the hostname of this server to gateway-2", "name:gateway-2", "", "set the hostname of this server to"},
		// or a verb only services take is done to it
		{"restart the ssh service", "name:ssh", "", "restart the service"},
		// a folder named as projects name theirs, where the sentence
		// goes on as after its name
		{"Copy the directory config to config.bak", "folder:config file:config.bak", "", "Copy the directory to"},
		// one account's name that is no word, though the clause goes on
		{"Delete the user account olduser together with its home directory", "user:olduser", "", "Delete the user account together with its home directory"},
		{"remove a user account along with its home directory", "", "", "remove a user account along with its home directory"},
		// a folder's new name, whatever word it is; not a case
		{"rename the directory photos to pictures", "folder:photos folder:pictures", "", "rename the directory to"},
		{"rename the files in the folder photos to lowercase", "folder:photos", "", "rename the files in the folder to lowercase"},
		// or its records are asked for
		{"follow the journal of the ssh service", "name:ssh", "", "follow the journal of the service"},
		{"show the logs from the cron service", "name:cron", "", "show the logs from the service"},
		// the name alone, after such a verb, is a service's
		{"restart nginx", "name:nginx", "", "restart"},
		{"enable sshd at boot", "name:sshd", "", "enable at boot"},
		{"What is the command to reload apache2?", "name:apache2", "What is the command to", "reload ?"},
		// not a word of the language, nor what "start" and "stop" do
		{"restart the network", "", "", "restart the network"},
		{"start firefox from the terminal", "", "", "start firefox from the terminal"},
		// a word after "service" that the sentence goes on from names
		// it; one that ends it is the service's kind or state
		{"stop the service cups and keep it from starting at boot", "name:cups", "", "stop the service and keep it from starting at boot"},
		{"follow the log of one systemd service live", "", "", "follow the log of one systemd service live"},
		// a name the thing made from a folder is given goes on from
		// the folder's as from a name
		{"pack the directory photos named photos.tar", "folder:photos file:photos.tar", "", "pack the directory named"},
		// nor does what the service is asked to do
		{"make a service start at boot", "", "", "make a service start at boot"},
		{"why does the service crash at night", "", "", "why does the service crash at night"},
		{"what keys can go in a systemd service section", "", "", "what keys can go in a systemd service section"},
		// where not to work is framing too
		{"unpack logs.tgz into /opt/logs instead of into the current folder, keeping owners", "file:logs.tgz path:/opt/logs", "instead of into the current folder", "unpack into , keeping owners"},
		{"save the page to the current directory", "", "to the current directory", "save the page"},
		// the places of columns and fields, "first" among them, and what
		// separates the fields; the words stay the task's
		{"show the first and fourth fields of stock.csv", "number:1 number:4 file:stock.csv", "", "show the first and fourth fields of"},
		{"keep only columns 3, 6 and 7 of a colon-delimited log", "number:3 number:6 number:7 delimiter::", "", "keep only columns , and of a colon-delimited log"},
		{"order rows by the first column, fields separated by semicolons", "number:1 delimiter:;", "", "order rows by the first column, fields separated by semicolons"},
		{"merge a.csv and b.csv line by line with the comma as the field separator", "file:a.csv file:b.csv delimiter:,", "", "merge and line by line with the comma as the field separator"},
		{"print the first line twice", "", "", "print the first line twice"},
		// a count of places from the first is their range, cut's 1-3;
		// the count is no word of the task
		{"show the first 3 columns of data.csv", "number:1-3 file:data.csv", "", "show the first columns of"},
		{"keep the first two fields", "number:1-2", "", "keep the first fields"},
		// directories name folders; where and how are no names
		{"create the directories src and docs inside the folder project", "folder:src folder:docs folder:project", "", "create the directories and inside the folder"},
		{"list the folders below the current one", "", "", "list the folders below the current one"},
		{"show each folder directly inside /srv", "path:/srv", "", "show each folder directly inside"},
		// a bare name after the files a folder holds is the folder's,
		// where it is no word or one projects name folders by; not a
		// file's form, nor a word of the language
		{"tally the lines of every .go file under webapp", "file:.go folder:webapp", "", "tally the lines of every file under"},
		{"grep all files in docs for license", "folder:docs", "", "grep all files in for license"},
		{"convert a file in base64", "", "", "convert a file in base64"},
		{"make every .sh file in the folder scripts executable", "file:.sh folder:scripts", "", "make every file in the folder executable"},
		// a word a name holds is matched between any characters
		{"find every file whose name contains the word draft", "glob:*draft*", "", "find every file whose name contains the word"},
		{"list the files with backup in their name", "glob:*backup*", "", "list the files with in their name"},
		{"list the files whose names contain spaces", "", "", "list the files whose names contain spaces"},
		{"show the processes whose name contains python", "", "", "show the processes whose name contains python"},
		// a package named by a word, where the clause ends on it
		{"show details about the package curl", "name:curl", "", "show details about the package"},
		{"install the package htop with apt", "name:htop", "", "install the package with apt"},
		{"search the package archive for packages related to pdf", "", "", "search the package archive for packages related to pdf"},
		// a name no word is, after a verb that installs, is a name to
		// fill, and the topic still
		{"How do I install nginx?", "name:nginx", "", "How do I install ?"},
		{"install the bootloader on the disk", "", "", "install the bootloader on the disk"},
		{"update the package lists", "", "", "update the package lists"},
		{"replace spaces with underscores in the file names.txt", "file:names.txt", "", "replace spaces with underscores in the file"},
		{"list the files in memory", "", "", "list the files in memory"},
		// a new name is one of the kind renamed
		{"rename the group interns to trainees", "group:interns group:trainees", "", "rename the group to"},
		// one of a unit of time counted back
		{"which logs grew over the past hour", "duration:1 hour", "", "which logs grew over the past"},
		{"swap the second and third column", "number:2 number:3", "", "swap the second and third column"},
		// a date, with its time of day; not one a file's or a folder's
		// name holds, nor "may" the verb
		{"set the timestamp of a.txt to 3 June 2021 at 18:45", "file:a.txt date:3 June 2021 at 18:45", "", "set the timestamp of to"},
		{"let the account expire on 2030-06-30", "date:2030-06-30", "", "let the account expire on"},
		{"which files changed after March 7, 2022", "date:March 7, 2022", "", "which files changed after"},
		{"pack logs into logs-2023-04-02.tar", "file:logs-2023-04-02.tar", "", "pack logs into"},
		{"you may 2 times retry", "number:2", "", "you may times retry"},
		// a quoted name after "called" is the name given, of the kind
		// its noun says; a quoted text elsewhere is one to look for
		{`make a hard link called "latest" to build.log`, "name:latest file:build.log", "", "make a hard link called to"},
		{`add the group named 'ops'`, "group:ops", "", "add the group named"},
		{`find "named pipe" in notes.md`, "quoted:named pipe file:notes.md", "", "find in"},
		// a scheme alone is a text to replace, no topic
		{"turn each ftp:// into sftp:// inside hosts.txt", "url:ftp:// url:sftp:// file:hosts.txt", "", "turn each into inside"},
		// a word of when after a noun names nothing
		{"show the journal of the sshd unit since 2025-02-03 06:00", "name:sshd date:2025-02-03 06:00", "", "show the journal of the unit since"},
	} {
		r := Read(tc.q)
		var args []string
		for _, a := range r.Args {
			args = append(args, fmt.Sprintf("%s:%s", a.Kind, a.Text))
		}
		if got := strings.Join(args, " "); got != tc.args {
			t.Errorf("Read(%q) args = %q, want %q", tc.q, got, tc.args)
		}
		if got := strings.Join(r.Framing, " | "); got != tc.framing {
			t.Errorf("Read(%q) framing = %q, want %q", tc.q, got, tc.framing)
		}
		if r.Task != tc.task {
			t.Errorf("Read(%q) task = %q, want %q", tc.q, r.Task, tc.task)
		}
	}
}

// A word the task looks for is read as such, not where it is a kind of
// thing counted or split at.
func TestLookedFor(t *testing.T) {
	for q, want := range map[string]string{
		"which logs mention a certain word":   "a certain word",
		"find any word or phrase in my notes": "any word or phrase",
		"print the word count of a file":      "",
		"split a sentence at a word boundary": "",
		"count the words of a file":           "",
	} {
		if got := strings.Join(Read(q).LookedFor, " | "); got != want {
			t.Errorf("Read(%q).LookedFor = %q, want %q", q, got, want)
		}
	}
}

func TestTopicDropsNaming(t *testing.T) {
	for q, want := range map[string]string{
		"create a folder named build":          "create a folder",
		"add a group called staff to it":       "add a group to it",
		"make the file deploy.sh executable":   "make the file executable",
		"print the names of the files named x": "print the names of the files",
		// what a quoted string is the content of is no topic
		`store the comment "Nora Lindqvist, Accounting" in it`: "store the comment in it",
		"grep for the word 'timeout' in /etc":                  "grep for the word in /etc",
		"rename the network interface enp3s0 to lan0":          "rename the network interface to",
		"install the package htop":                             "install the package",
		// a package's name is what package management acts on
		"hold back the package linux-image-amd64": "hold back the package",
		// a name the user gave is no topic; a program's may be
		"kill the tmux session named work":     "kill the tmux session",
		"remove the container called web1":     "remove the container",
		"what does the program called htop do": "what does the program called htop do",
		"is there something named lsblk":       "is there something named lsblk",
		// a top folder the task works in is no topic; one asked of is
		"find files larger than 100 MB in /srv": "find files larger than 100 MB in",
		"delete the logs under /var/":           "delete the logs under",
		"what is /srv for":                      "what is /srv for",
		"list the processes in /proc":           "list the processes in /proc",
		// the folders every system's files are in are not what a
		// file's path says; a top folder asked of is
		"show the last 50 lines of /var/log/syslog": "show the last 50 lines of / /log/syslog",
		"what is in /usr/share/zoneinfo":            "what is in / / /zoneinfo",
		"what is /var for":                          "what is /var for",
		// an error message is
		`cp fails with "Permission denied"`: `cp fails with "Permission denied"`,
		// what kind of address the lines to find hold is none; the
		// address asked of is
		"print the lines of app.log that contain the IP address 10.0.0.5": "print the lines of that contain the 10.0.0.5",
		"show my IP address": "show my IP address",
		// the kind of file a task copies, moves, deletes or sends says
		// nothing of the task; one converted, a format's and a dotfile
		// do
		"copy every .conf file into the folder keep": "copy every file into the folder",
		"delete all .tmp files":                      "delete all files",
		"gzip every .log file in logs":               "gzip every file in",
		"convert every .png to .webp":                "convert every .png to .webp",
		"copy my .bashrc to the server":              "copy my .bashrc to the server",
		"find every .conf file":                      "find every .conf file",
		// nor of their first or last lines; their fields are its
		"print the first 5 lines of each .csv file": "print the first 5 lines of each file",
		"print the second column of each .csv file": "print the second column of each .csv file",
		// a symbol given is the thing looked for; the noun after it says
		// only that it is one
		"show the lines of app.conf that start with a # character": "show the lines of that start with a #",
		"cut each line at the ; sign":                              "cut each line at the ;",
	} {
		got := topicRead(q)
		if got != want {
			t.Errorf("Topic(%q) = %q, want %q", q, got, want)
		}
	}
}

// TestFormats: a file's archive extensions say the commands that read it,
// and a chain of them alone is a kind of file, not a name.
func TestFormats(t *testing.T) {
	for text, want := range map[string]string{
		"data.tar.gz": "tar gzip", "site.zip": "zip", "b.tgz": "tar gzip", "x.tar.zst": "tar zstd",
		"report.pdf": "", "notes.txt": "", "zip": "", "a.gz.txt": "",
		// a file of changes is patch's, and compresses nothing
		"fixes.diff": "patch", "fix-login.patch": "patch", "diff": "",
	} {
		if got := strings.Join(Arg{Kind: ArgFile, Text: text}.Formats(), " "); got != want {
			t.Errorf("Formats(%q) = %q, want %q", text, got, want)
		}
	}
	if got := Compressions("apply fixes.diff to the tree"); got != nil {
		t.Errorf("a file of changes compresses with %v", got)
	}
	if got := (Arg{Kind: ArgFolder, Text: "a.zip"}).Formats(); got != nil {
		t.Errorf("a folder has formats %q", got)
	}
	for w, want := range map[string]bool{"tar.gz": true, "zip": true, ".tgz": true, "data.zip": false, "tar.pdf": false} {
		if got := formatOnly(w); got != want {
			t.Errorf("formatOnly(%q) = %v, want %v", w, got, want)
		}
	}
}

// A number in words is searched for as its digits would be, and a size
// typed with its unit glued on as one typed apart, its number a number
// and its unit a word.
func TestTopicTyped(t *testing.T) {
	for q, want := range map[string]string{
		"wrap the lines at sixty characters":  "wrap the lines at 60    characters",
		"retry five times":                    "retry 5    times",
		"delete logs older than ten days":     "delete logs older than 10 days ",
		"merge two files into one file":       "merge two files into one file",
		"print sizes like 4.0K, 12M and 1.3G": "print sizes like 4.0 K, 12 M and 1.3 G",
		"find files larger than 500MB":        "find files larger than 500 MB",
		"find files larger than 100 MB":       "find files larger than 100 MB",
		"split it into 2GiB pieces":           "split it into 2 GiB pieces",
	} {
		if got := Read(q).Topic(q); got != want {
			t.Errorf("Topic(%q) = %q, want %q", q, got, want)
		}
	}
	a := Analyse("print sizes like 4.0K, 12M and 1.3G", nil)
	for _, c := range a.Concepts {
		if c.Word == "12m" || c.Word == "0k" || c.Word == "3g" {
			t.Errorf("the glued size %q is a concept of weight %v", c.Word, c.Weight)
		}
	}
}

// TestReplacement: the two values a replacement names are its old and new
// text, whatever read them first, and no words of its topic, which is
// the text they are; kinds of text, files and modes are not replaced
// values.
func TestReplacement(t *testing.T) {
	for q, want := range map[string]string{
		"replace foo with bar in notes.txt":                                    "old:foo new:bar file:notes.txt",
		`swap "colour" with "color" in essay.md`:                               "old:colour new:color file:essay.md",
		"Replace every http:// with https:// in the file links.txt":            "old:http:// new:https:// file:links.txt",
		"substitute every instance of the string v1.2 with v1.3 in setup.cfg":  "old:v1.2 new:v1.3 file:setup.cfg",
		"replace all occurrences of the word staging with the word production": "old:staging new:production",
		"substitute centre for center everywhere in guide.md":                  "new:centre old:center file:guide.md",
		"change every 10.0.0.1 in hosts.txt to 10.0.0.2":                       "old:10.0.0.1 file:hosts.txt new:10.0.0.2",
		"replace tabs with spaces in data.tsv":                                 "file:data.tsv",
		`replace "tabs" with "spaces" in data.tsv`:                             "old:tabs new:spaces file:data.tsv",
		"replace “tabs” with “spaces” in data.tsv":                             "old:tabs new:spaces file:data.tsv",
		"replace uppercase letters with lowercase ones":                        "",
		"replace old.conf with new.conf":                                       "file:old.conf file:new.conf",
		"replace the kernel with a newer one":                                  "",
		"change every file to read-only":                                       "",
		"change every staging to production":                                   "",
		// a file or a place is a value where the replacement is made
		// in a third
		"replace /usr/local with /opt in paths.conf":                "old:/usr/local new:/opt file:paths.conf",
		`swap "http://" for "https://" in urls.txt`:                 "old:http:// new:https:// file:urls.txt",
		"replace the first occurrence of cat on each line with dog": "old:cat new:dog",
	} {
		if got := argsRead(q); got != want {
			t.Errorf("Read(%q) args = %q, want %q", q, got, want)
		}
	}
	for q, want := range map[string]string{
		"replace foo with bar in notes.txt": "replace with in text",
		"replace tabs with spaces":          "replace tabs with spaces",
	} {
		if got := topicRead(q); got != want {
			t.Errorf("Topic(%q) = %q, want %q", q, got, want)
		}
	}
}

// TestLineHolds: a word the lines asked for hold is what to look for,
// of any case after a verb of holding, in capitals or digits after
// "with"; words that say what kind of thing lines hold, and a tool after
// "with", are not.
func TestLineHolds(t *testing.T) {
	for q, want := range map[string]string{
		"delete all lines that mention password from dump.sql": "quoted:password file:dump.sql",
		"drop every line with TODO from tasks.md":              "quoted:TODO file:tasks.md",
		"how many lines of notes.txt mention todo":             "file:notes.txt quoted:todo",
		"match only whole lines with grep":                     "",
		"remove lines containing only digits":                  "",
	} {
		if got := argsRead(q); got != want {
			t.Errorf("Read(%q) args = %q, want %q", q, got, want)
		}
	}
	q := "delete all lines that mention password"
	if got := topicRead(q); got != "delete all lines that mention" {
		t.Errorf("the word lines hold is a topic word: %q", got)
	}
}

// What the lines asked for start or end with is a pattern anchored
// there, even after "the word"; what files start with, or lines merely
// hold, is not. Lines that hold either of two words hold one pattern.
func TestLineEnds(t *testing.T) {
	for q, want := range map[string]string{
		"search for lines starting with ERROR in app.log":             "quoted:ERROR^ file:app.log",
		"show the lines of mail.txt that begin with the word Subject": "file:mail.txt quoted:Subject^",
		"print every line that ends with OK.":                         "quoted:OK$",
		"list the files starting with tmp":                            "",
		"show lines with ERROR in app.log":                            "quoted:ERROR file:app.log",
		// a word in capitals searched for is what the lines hold
		"grep recursively for FIXME in every header": "quoted:FIXME",
		"look for 404 in access.log":                 "quoted:404 file:access.log",
		// lines that hold either of two words: one pattern for both
		"print the lines of build.log holding either warning or deprecated":   "file:build.log",
		"show the lines of out.txt that contain either warning or deprecated": `file:out.txt quoted:warning\|deprecated`,
		"list lines mentioning the word alpha or the word beta in x.md":       `quoted:alpha\|beta file:x.md`,
		// a symbol, or its name, and lines that do not start with it
		"print the lines of setup.cfg that start with #":      "file:setup.cfg quoted:#^",
		"show lines of todo.md which don't begin with a dash": "file:todo.md quoted:-^",
		"list every line that never ends with a semicolon":    "quoted:;$",
	} {
		var got []string
		for _, a := range Read(q).Args {
			got = append(got, a.Kind.String()+":"+a.Text+a.Anchor)
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("Read(%q) args = %q, want %q", q, g, want)
		}
	}
}

// A symbol's name, and the negator of lines that do not start with it,
// are no topic: "a hash" is no checksum.
func TestLineEndsTopic(t *testing.T) {
	if got := topicRead("list the lines of hosts.txt which never begin with a hash"); strings.Contains(got, "hash") || strings.Contains(got, "never") {
		t.Errorf("topic %q holds the symbol's name or the negator", got)
	}
}

// topicRead is the topic Read gives question q, its words one space
// apart.
func topicRead(q string) string { return strings.Join(strings.Fields(Read(q).Topic(q)), " ") }

// argsRead is the arguments Read reads in q, as kind:text, in order.
func argsRead(q string) string {
	var got []string
	for _, a := range Read(q).Args {
		got = append(got, a.Kind.String()+":"+a.Text)
	}
	return strings.Join(got, " ")
}

// What a link points to is a place, however it is named; words that name
// none are not.
func TestPointsTo(t *testing.T) {
	for q, want := range map[string]string{
		"create a symbolic link named latest pointing to release-2.0": "name:latest path:release-2.0",
		"find symbolic links that point to nothing":                   "",
		"a link that points to itself":                                "",
		"the DNS name pointing to mirror":                             "",
	} {
		if got := argsRead(q); got != want {
			t.Errorf("Read(%q) args = %q, want %q", q, got, want)
		}
	}
}

// A service named without the word restarts a service as the pages say
// it; one named with it says it already.
func TestServiceTopic(t *testing.T) {
	for q, want := range map[string]string{
		"restart nginx":             "restart service",
		"restart the nginx service": "restart the service",
		"stop the apache2 service":  "stop the service",
		"restart the network":       "restart the network",
		// a line's place is its number, as "line 3" says it; a
		// column's word stays
		"print the 3rd line of notes.txt":  "print the 3 line of",
		"print the second column of a.csv": "print the second column of",
	} {
		if got := topicRead(q); got != want {
			t.Errorf("Topic(%q) = %q, want %q", q, got, want)
		}
	}
}

// Values listed after "the words", "the arguments" and their like are
// names given as they are, none of them the task's topic; a word after
// such a noun that starts no list stays the question's.
func TestValueList(t *testing.T) {
	for q, want := range map[string]string{
		"pick 3 random words from the arguments apple pear plum kiwi": "apple pear plum kiwi",
		"choose one of the words red, green and blue":                 "red green blue",
		"shuffle the items north or south":                            "north south",
		"count the words longer than five letters":                    "",
		"print the arguments passed to a script":                      "",
		"list the entries of /etc/passwd":                             "",
		"count the words in notes.txt":                                "",
		"join the strings foo bar":                                    "",
	} {
		var got []string
		for _, a := range Read(q).Args {
			if a.Kind == ArgName {
				got = append(got, a.Text)
			}
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%q: listed %q, want %q", q, got, want)
		}
	}
	for _, c := range Analyse("pick a random word from the arguments apple pear plum kiwi", nil).Concepts {
		if c.Word == "apple" || c.Word == "kiwi" {
			t.Errorf("concept %q is a value listed", c.Word)
		}
	}
}

// A count of how many times a thing occurs is no count of the lines it
// is on, and a word is matched whole.
func TestCountsOccurrences(t *testing.T) {
	for q, want := range map[string][2]bool{
		"how many times does the word error appear in app.log": {true, true},
		"count the occurrences of TODO in main.c":              {false, true},
		"how often does the string abc occur in x.txt":         {false, true},
		"count the lines containing the word error in app.log": {true, false},
		"count the words in notes.txt":                         {false, false},
	} {
		if word, ok := CountsOccurrences(q); ok != want[1] || ok && word != want[0] {
			t.Errorf("CountsOccurrences(%q) = %v, %v, want %v, %v", q, word, ok, want[0], want[1])
		}
	}
}

// The N files changed last, or first, and how many.
func TestNewestN(t *testing.T) {
	for q, want := range map[string]string{
		"list the 10 most recently modified files in /var/log": "10 false",
		"show the 5 newest files in Downloads":                 "5 false",
		"show the 3 oldest files in /tmp":                      "3 true",
		"show the newest files in /tmp":                        "none",
		"delete files older than 5 days":                       "none",
	} {
		got := "none"
		if n, oldest, ok := NewestN(q); ok {
			got = fmt.Sprint(n, " ", oldest)
		}
		if got != want {
			t.Errorf("NewestN(%q) = %s, want %s", q, got, want)
		}
	}
}

// Files picked by a property find tests are read as such; a named one,
// or a comparison with other files, is not.
func TestPicksByProperty(t *testing.T) {
	for q, want := range map[string]bool{
		"delete all empty files inside the folder tmp":              true,
		"remove the empty directories under src":                    true,
		"move the files larger than 2 GB from downloads to /mnt":    true,
		"change the mode of all files owned by bob in /srv to 640":  true,
		"remove the logs in /var/app older than 14 days":            true,
		"copy the files in src modified in the last 2 days to /tmp": true,
		"show files in /srv that have no owner":                     true,
		"list the files without a valid group":                      true,
		"erase the files that belong to the user ana":               true,
		"which files in /etc were modified yesterday":               true,
		"show the owner of every file in /srv":                      false,
		"delete the empty folder build":                             false,
		"copy the files newer than the copies in backup to it":      false,
		"move report.pdf to the folder archive":                     false,
	} {
		if got := PicksByProperty(q, Read(q).Args); got != want {
			t.Errorf("PicksByProperty(%q) = %v, want %v", q, got, want)
		}
	}
}

// A length of time counted back from now is a window that ends now, and
// "since yesterday" the date one starts at; a length said otherwise,
// or a day with its time of day, is not.
func TestCountedBack(t *testing.T) {
	for q, want := range map[string]string{
		"show the log lines from the last 2 hours":          "duration:2 hours back",
		"which logs grew over the past hour":                "duration:1 hour back",
		"list the journal of the previous three days":       "duration:3 days back",
		"find files modified 3 days ago":                    "duration:3 days back",
		"run the backup every 30 minutes":                   "duration:30 minutes",
		"delete logs older than 7 days":                     "duration:7 days",
		"show the journal since yesterday":                  "date:yesterday",
		"show the journal from yesterday at 18:00 till now": "date:18:00",
	} {
		var got []string
		for _, a := range Read(q).Args {
			s := a.Kind.String() + ":" + a.Text
			if a.Back {
				s += " back"
			}
			got = append(got, s)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("Read(%q).Args = %q, want %q", q, got, want)
		}
	}
}

// The compressors a question asks for are those of the files it names
// and those it names by their commands' names; a plain .tar is one no
// compressor is asked for.
func TestCompressionsNamed(t *testing.T) {
	for q, want := range map[string]string{
		"create a tar archive compressed with xz":      "xz",
		"make a gzipped tarball of the folder docs":    "gzip",
		"pack docs into docs.tar with bzip2":           "bzip2",
		"unpack site.tar.zst":                          "zstd",
		"unpack the archive site.tar":                  "tar",
		"Extract etc/hosts from the archive site.tar.": "tar",
		"Unpack the tarball logs.tar.bz2.":             "bzip2",
		"make an archive of the folder docs":           "",
	} {
		var got []string
		for f := range Compressions(q) {
			got = append(got, f)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("Compressions(%q) = %q, want %q", q, got, want)
		}
	}
}

// The N largest files or folders, the number before or after the
// adjective; no number, no N.
func TestLargestN(t *testing.T) {
	for _, tc := range []struct {
		q       string
		n       int
		folders bool
		ok      bool
	}{
		{"Show the 5 largest files in the folder /var/log.", 5, false, true},
		{"list the top 3 biggest folders in /srv", 3, true, true},
		{"which are the largest 10 directories here", 10, true, true},
		{"list the largest files in this folder", 0, false, false},
		{"sort numbers with the largest first", 0, false, false},
	} {
		n, folders, ok := LargestN(tc.q)
		if n != tc.n || folders != tc.folders || ok != tc.ok {
			t.Errorf("LargestN(%q) = %d, %v, %v, want %d, %v, %v", tc.q, n, folders, ok, tc.n, tc.folders, tc.ok)
		}
	}
}

// Folders ordered by their size, and whether the biggest come first;
// files sorted by size are ls's, and one folder's size is no order.
func TestFoldersBySize(t *testing.T) {
	for q, want := range map[string][2]bool{
		"list the folders in /srv sorted by size":              {true, false},
		"sort the subdirectories by disk usage, biggest first": {true, true},
		"show disk usage sorted by size":                       {true, false},
		"list files sorted by size":                            {false, false},
		"show the size of the folder /srv":                     {false, false},
	} {
		ok, big := FoldersBySize(q)
		if got := [2]bool{ok, big}; got != want {
			t.Errorf("FoldersBySize(%q) = %v, want %v", q, got, want)
		}
	}
}

// A count of a folder's entries may say which files first, and go
// through all of its subfolders.
func TestCountsEntries(t *testing.T) {
	for _, tc := range []struct {
		q            string
		noun         string
		inside, asks bool
	}{
		{"Count the number of files with the extension .go in the folder src and all of its subfolders", "files", true, true},
		{"count the files ending in .log in /var/log", "files", false, true},
		{"how many folders are in /srv", "folders", false, true},
		{"count the lines in notes.txt", "", false, false},
	} {
		noun, inside, ok := CountsEntries(tc.q)
		if noun != tc.noun || inside != tc.inside || ok != tc.asks {
			t.Errorf("CountsEntries(%q) = %q, %v, %v; want %q, %v, %v", tc.q, noun, inside, ok, tc.noun, tc.inside, tc.asks)
		}
	}
}
