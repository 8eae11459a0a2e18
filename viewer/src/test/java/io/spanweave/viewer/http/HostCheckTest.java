package io.spanweave.viewer.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Which Host headers the viewer answers, per bind address, without binding anything but loopback
 * (the served behaviour on 127.0.0.1 is in RobustnessTest).
 */
class HostCheckTest {
  @Test
  void loopbackBindAcceptsItsAddressAndLocalhostOnly() {
    HostCheck check = new HostCheck("127.0.0.1");
    assertThat(check.allowed("127.0.0.1:18080")).isTrue();
    assertThat(check.allowed("localhost:18080")).isTrue();
    assertThat(check.allowed("LocalHost.")).isTrue();
    assertThat(check.allowed("attacker.example:18080")).isFalse();
    assertThat(check.allowed("127.0.0.1.attacker.example")).isFalse();
    assertThat(check.allowed("192.168.1.5:18080")).isFalse();
  }

  @Test
  void everyInterfaceBindAcceptsAddressLiteralsButNoOtherName() {
    HostCheck check = new HostCheck("0.0.0.0");
    assertThat(check.allowed("192.168.7.7:18080")).isTrue();
    assertThat(check.allowed("[::1]:18080")).isTrue();
    assertThat(check.allowed("localhost")).isTrue();
    assertThat(check.allowed("rebind.attacker.example:18080")).isFalse();
  }

  @Test
  void aNamedBindAcceptsThatName() {
    HostCheck check = new HostCheck("trainer-node-3");
    assertThat(check.allowed("trainer-node-3:18080")).isTrue();
    assertThat(check.allowed("TRAINER-NODE-3")).isTrue();
    assertThat(check.allowed("other-node:18080")).isFalse();
  }

  @Test
  void anIpv6LoopbackBindAcceptsItsSpellings() {
    HostCheck check = new HostCheck("::1");
    assertThat(check.allowed("[::1]:18080")).isTrue();
    assertThat(check.allowed("[0:0:0:0:0:0:0:1]:18080")).isTrue();
    assertThat(check.allowed("localhost:18080")).isTrue();
    assertThat(check.allowed("attacker.example")).isFalse();
  }
}
