module github.com/cluster-proxy-constructs/cluster-proxy-constructs/scripts/go-tools/flatcar-ignition

// Flatcar's Ignition v0.36 (spec 2.x), the Ignition that applies what Cluster API's kubeadm
// bootstrap provider renders for format `ignition` (a spec 2.3 config; Debian's Ignition reads
// spec 3 only). The VM test copies it onto the node, where it runs the `files` stage as Flatcar's
// initramfs would. Needs cgo and libblkid's headers (libblkid-dev). Built by
// scripts/install-test-tools.sh (e2e); the library never runs it.

go 1.26.0

require (
	github.com/ajeddeloh/go-json v0.0.0-20160803184958-73d058cf8437 // indirect
	github.com/aws/aws-sdk-go v1.8.39 // indirect
	github.com/coreos/go-semver v0.1.0 // indirect
	github.com/coreos/go-systemd v0.0.0-20181031085051-9002847aa142 // indirect
	github.com/flatcar/ignition v0.36.2 // indirect
	github.com/go-ini/ini v1.25.4 // indirect
	github.com/godbus/dbus v0.0.0-20181025153459-66d97aec3384 // indirect
	github.com/jmespath/go-jmespath v0.0.0-20160202185014-0b12d6b521d8 // indirect
	github.com/pin/tftp v2.1.0+incompatible // indirect
	github.com/sigma/bdoor v0.0.0-20160202064022-babf2a4017b0 // indirect
	github.com/sigma/vmw-guestinfo v0.0.0-20160204083807-95dd4126d6e8 // indirect
	github.com/vincent-petithory/dataurl v1.0.0 // indirect
	github.com/vmware/vmw-guestinfo v0.0.0-20170707015358-25eff159a728 // indirect
	github.com/vmware/vmw-ovflib v0.0.0-20170608004843-1f217b9dc714 // indirect
	go4.org v0.0.0-20160314031811-03efcb870d84 // indirect
	golang.org/x/net v0.0.0-20190320064053-1272bf9dcd53 // indirect
	golang.org/x/text v0.3.7 // indirect
)

tool github.com/flatcar/ignition/internal
