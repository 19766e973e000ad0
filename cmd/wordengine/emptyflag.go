package main

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// nonEmptyAnnotation is the pflag annotation under which a string flag
// that names an input or an output keeps what to give instead of an
// empty value (nonEmptyFlag), for checkNonEmpty.
const nonEmptyAnnotation = "wordengine-nonempty"

// nonEmptyFlag marks the string (or string array) flag name of fl as one
// that, when given, must not be empty or only spaces: an empty --cgp or
// --position is a mistake (an unset shell variable), never a request for
// a fresh game, nor an empty --out one for no file. give says what to give
// instead: "give a position file, or - for standard input".
func nonEmptyFlag(fl *pflag.FlagSet, name, give string) {
	if err := fl.SetAnnotation(name, nonEmptyAnnotation, []string{give}); err != nil {
		panic("nonEmptyFlag: " + err.Error()) // a flag that was never defined: a mistake in this program
	}
}

// checkNonEmpty returns a usage error for the first flag of c marked by
// nonEmptyFlag that was given an empty value: "--cgp is empty: give the
// position's text ...".
func checkNonEmpty(c *cobra.Command) error {
	var err error
	c.Flags().Visit(func(f *pflag.Flag) { // the flags given only
		give := f.Annotations[nonEmptyAnnotation]
		if err != nil || len(give) == 0 {
			return
		}
		values := []string{f.Value.String()}
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			values = sv.GetSlice()
		}
		for _, v := range values {
			if strings.TrimSpace(v) == "" {
				err = usagef(c.CommandPath(), "--%s is empty: %s", f.Name, give[0])
				return
			}
		}
	})
	return err
}
