package man

import (
	"strings"
)

// manMacroNames are the man(7) macros we handle; pages may not redefine
// them (many define fallbacks like .TQ for old formatters).
var manMacroNames = map[string]bool{
	"TH": true, "SH": true, "SS": true, "PP": true, "LP": true, "P": true, "HP": true,
	"TP": true, "TQ": true, "IP": true, "RS": true, "RE": true, "B": true, "I": true,
	"SM": true, "SB": true, "BR": true, "RB": true, "BI": true, "IB": true, "IR": true,
	"RI": true, "R": true, "EX": true, "EE": true, "UR": true, "UE": true, "MT": true,
	"ME": true, "SY": true, "YS": true, "OP": true, "DT": true, "UC": true, "AT": true,
	"PD": true, "MR": true, "TS": true, "TE": true,
}

func builtinMacro(name string) bool {
	return manMacroNames[name] || mdocMacros[name]
}

// manMacro handles one man(7) macro; it reports false for names it does
// not know, which are then ignored.
func (p *parser) manMacro(name, rest string) bool {
	switch name {
	case "TH", "DT", "UC", "AT", "PD", "TE":
		return true
	case "SH", "SS":
		level := 1
		if name == "SS" {
			level = 2
		}
		p.flush()
		args := p.args(rest)
		if len(args) == 0 {
			p.closeItem()
			p.trap, p.trapLvl = trapTitle, level
			return true
		}
		p.heading(p.convJoin(args, " "), level)
		return true
	case "PP", "LP", "P", "HP":
		p.endPara()
		return true
	case "TP", "TQ":
		p.cancelTrap()
		p.flush()
		if name == "TP" && p.item >= 0 && p.depth <= p.itemDep && len(p.itemBuf) > 0 {
			p.closeItem()
		}
		p.trap = trapTag
		return true
	case "IP":
		p.cancelTrap()
		args := p.args(rest)
		tag := ""
		if len(args) > 0 {
			tag = normSpace(p.convText(args[0]))
		}
		if tag == "" {
			if p.optionTermAhead() {
				// help2man's old layout (sed, timeout): ".HP", the
				// option's line, ".IP", what it does
				return true
			}
			p.flush()
			if p.item >= 0 && p.depth < p.itemDep {
				p.closeItem()
			}
			return true
		}
		p.flush()
		// an .IP with an empty body before another is one entry with
		// several tags, as .TP's is (pod2man's "-d", "--disassemble",
		// "--disassemble=symbol" of objdump, under .PD 0)
		if p.item >= 0 && p.depth <= p.itemDep && len(p.itemBuf) > 0 {
			p.closeItem()
		}
		p.startItem(tag)
		return true
	case "RS":
		p.indent()
		return true
	case "RE":
		p.outdent()
		return true
	case "B", "I", "SM", "SB", "R":
		args := p.args(rest)
		if len(args) == 0 {
			return true // the font applies to the next line
		}
		t, cont := p.conv(strings.Join(args, " "))
		p.emit(t, cont)
		return true
	case "BR", "RB", "BI", "IB", "IR", "RI":
		args := p.args(rest)
		if len(args) == 0 {
			return true
		}
		t, cont := p.conv(strings.Join(args, ""))
		p.emit(t, cont)
		return true
	case "EX":
		p.setFill(false)
		return true
	case "EE":
		p.setFill(true)
		return true
	case "UR", "MT":
		args := p.args(rest)
		u := ""
		if len(args) > 0 {
			u = p.convText(args[0])
		}
		p.linkURL = append(p.linkURL, u)
		return true
	case "UE", "ME":
		if n := len(p.linkURL); n > 0 {
			u := p.linkURL[n-1]
			p.linkURL = p.linkURL[:n-1]
			if u != "" {
				p.emit("⟨"+u+"⟩", false)
			}
		}
		if args := p.args(rest); len(args) > 0 {
			p.emitAttached(p.convJoin(args, ""), true)
		}
		return true
	case "MR":
		args := p.args(rest)
		if len(args) >= 2 {
			t := p.convText(args[0]) + "(" + p.convText(args[1]) + ")"
			if len(args) > 2 {
				t += p.convText(args[2])
			}
			p.emit(t, false)
		}
		return true
	case "SY":
		p.endPara()
		p.synopsis = true
		if args := p.args(rest); len(args) > 0 {
			p.emit(p.convJoin(args, " "), false)
		}
		return true
	case "YS":
		p.flush()
		p.synopsis = p.secIdx >= 0 && strings.EqualFold(p.doc.Sections[p.secIdx].Title, "SYNOPSIS")
		return true
	case "OP":
		args := p.args(rest)
		if len(args) > 0 {
			t := "[" + p.convJoin(args, " ") + "]"
			p.emit(t, false)
		}
		return true
	}
	return false
}

// args splits the interpolated arguments of a macro line.
func (p *parser) args(rest string) []string {
	return splitArgs(p.interp(rest))
}

func (p *parser) convText(s string) string {
	t, _ := p.conv(s)
	return t
}

func (p *parser) convJoin(args []string, sep string) string {
	t, _ := p.conv(strings.Join(args, sep))
	return t
}
