module github.com/ragman-dev/ragman

go 1.26.8

require (
	github.com/adrg/xdg v0.5.3
	github.com/alecthomas/kong v1.17.0
	github.com/blevesearch/go-porterstemmer v1.0.3
	github.com/gofrs/flock v0.13.1
	github.com/google/uuid v1.6.0
	github.com/klauspost/compress v1.20.3
	github.com/muesli/termenv v0.16.0
	github.com/rogpeppe/go-internal v1.16.0
	github.com/stazelabs/gozim v0.1.0
	github.com/ulikunitz/xz v0.5.15
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/net v0.62.0
	golang.org/x/sys v0.49.0
	golang.org/x/term v0.47.0
	golang.org/x/text v0.43.0
)

require (
	github.com/aymanbagabas/go-osc52/v2 v2.0.1 // indirect
	github.com/lucasb-eyer/go-colorful v1.2.0 // indirect
	github.com/mattn/go-isatty v0.0.22 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/tools v0.51.0 // indirect
)
