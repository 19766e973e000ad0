// Package twoway implements 2 Way Words (rules: ../shared/rules/twoway.md).
package twoway
