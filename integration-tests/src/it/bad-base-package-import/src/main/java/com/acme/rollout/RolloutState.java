package com.acme.rollout;

public final class RolloutState {
  public String id;
}
